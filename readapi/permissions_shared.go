package readapi

const PermViewWallets = "view-wallets"

// maxImportBytes caps an import file.
const maxImportBytes = 20 << 20

const PermViewOrganization = "view-organization"

// PermCheckIn lets staff at the door scan QR codes and mark attendance (decision 0101).
const PermCheckIn = "check-in-participants"

// PermManageApplications is the superadmin's applications area (spec section 2;
// decision 0101): only superadmin holds it.
const PermManageApplications = "manage-applications"

const PermEditActivity = "edit-activity"

const PermViewActivities = "view-activities"
