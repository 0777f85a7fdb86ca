package kernel

// Permissions that routes of more than one context ask for, or that the shared lookups
// check (decision 0101). Which role holds which is data (authz); a permission only one
// context asks for is declared in that context.
const (
	PermViewOrganization = "view-organization"
	// PermViewApplication: the application's own statistics (organizations) and its
	// sub-applications (applications).
	PermViewApplication = "view-application"
	PermViewActivities  = "view-activities"
	PermEditActivity    = "edit-activity"
	PermViewWallets     = "view-wallets"
	// PermCheckIn lets staff at the door scan QR codes and mark attendance.
	PermCheckIn = "check-in-participants"
	// PermManageApplications is the superadmin's applications area (spec section 2):
	// only superadmin holds it.
	PermManageApplications = "manage-applications"
)

// MaxImportBytes caps an import file.
const MaxImportBytes = 20 << 20
