package authz

// DefaultMatrix is the matrix written once on first start (as events, by
// commands.SeedDefaultPermissions); afterwards the permissions screen edits it. It is
// the same text as docs/decisions/0101-default-permissions.md (a test keeps them equal).
const DefaultMatrix = `
superadmin: *
admin: view-application, view-organizations, view-organization, create-organizations, edit-organization, view-categories, create-categories, view-activities, view-products, view-locations, edit-location, view-contacts, view-notifications, create-notifications, edit-notification, view-campaigns, create-campaigns, edit-campaign, view-application-orders, view-catalog, manage-invites, view-wallets, manage-wallets, redeem-coupons, manage-categories, view-tags, manage-tags, view-labels, manage-labels, refund-orders, view-audit, view-audit-personal-data, view-themed-pages, manage-themed-pages
organization: view-organization, edit-organization, view-activities, create-activities, edit-activity, view-products, view-product, create-products, edit-product, view-locations, create-locations, edit-location, view-rates, manage-rates, view-contacts, manage-contacts, view-bundles, view-bundle, assign-labels, view-catalog, check-in-participants, view-categories, view-tags, view-labels
trainer: view-activities, view-bundles, view-bundle, view-catalog, check-in-participants
`

// Permissions are the permission names the product checks; the profile's abilities
// are these, filtered by the caller's roles.
var Permissions = []string{
	"view-application", "view-organizations", "view-organization", "create-organizations", "edit-organization",
	"view-categories", "create-categories", "view-activities", "create-activities", "edit-activity",
	"view-products", "view-product", "create-products", "edit-product", "assign-labels",
	"view-bundles", "view-bundle", "view-locations", "create-locations", "edit-location", "view-rates", "manage-rates", "view-contacts", "manage-contacts",
	"view-notifications", "create-notifications", "edit-notification",
	"view-campaigns", "create-campaigns", "edit-campaign", "view-application-orders",
	"view-catalog", "manage-catalog", "manage-invites", "manage-permissions",
	"manage-applications", "manage-app-builds",
	"view-wallets", "manage-wallets", "redeem-coupons",
	"manage-finances",
	"check-in-participants",
	"view-orders", "refund-orders", "refund-any-order",
	"manage-categories", "view-tags", "manage-tags", "view-labels", "manage-labels",
	"operate-platform",
	"view-audit", "view-audit-personal-data",
	"view-themed-pages", "manage-themed-pages",
}
