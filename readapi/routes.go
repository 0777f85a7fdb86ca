package readapi

import (
	"move/domain/catalog"
	"move/readapi/applications"
	auditapi "move/readapi/audit"
	catalogapi "move/readapi/catalog"
	"move/readapi/customers"
	"move/readapi/engagement"
	"move/readapi/files"
	"move/readapi/finance"
	"move/readapi/identity"
	"move/readapi/kernel"
	"move/readapi/offer"
	"move/readapi/operations"
	"move/readapi/orders"
	"move/readapi/organizations"
	"move/readapi/wallets"
)

// table is the one route table of the product: every route of every context, each
// with its permission (kernel.Route). The OpenAPI document is generated from it; a new
// route is declared in its context's Routes and listed here through its group.
// whole answers the finished table to the routes that look other routes up ("why
// denied?"); the OpenAPI document, made without a server, passes nil.
func table(core *kernel.Core, whole func() []kernel.Route) []kernel.Route {
	routes := identity.New(core).Routes()
	routes = append(routes, identity.New(core).PermissionExplainRoutes(whole)...)
	routes = append(routes, applications.New(core).ChildrenRoutes()...)
	for _, k := range catalog.Kinds {
		routes = append(routes, catalogapi.New(core).KindRoutes(k)...)
	}
	routes = append(routes, files.New(core).Routes()...)
	routes = append(routes, organizations.New(core).OrganizationRoutes()...)
	routes = append(routes, applications.New(core).ApplicationRoutes()...)
	routes = append(routes, wallets.New(core).Routes()...)
	routes = append(routes, offer.New(core).ActivityRoutes()...)
	routes = append(routes, offer.New(core).ProductRoutes()...)
	routes = append(routes, offer.New(core).PurchaseRoutes()...)
	routes = append(routes, offer.New(core).SessionRoutes()...)
	routes = append(routes, offer.New(core).ClosureRoutes()...)
	routes = append(routes, offer.New(core).BookingRoutes()...)
	routes = append(routes, offer.New(core).DoorRoutes()...)
	routes = append(routes, offer.New(core).BundleRoutes()...)
	routes = append(routes, organizations.New(core).DashboardRoutes()...)
	routes = append(routes, offer.New(core).RateRoutes()...)
	routes = append(routes, offer.New(core).LocationRoutes()...)
	routes = append(routes, catalogapi.New(core).CountryRoutes()...)
	routes = append(routes, offer.New(core).ContactRoutes()...)
	routes = append(routes, orders.New(core).Routes()...)
	routes = append(routes, customers.New(core).Routes()...)
	routes = append(routes, finance.New(core).Routes()...)
	routes = append(routes, offer.New(core).TaxonomyRoutes()...)
	routes = append(routes, applications.New(core).FilterRoutes()...)
	routes = append(routes, operations.New(core).Routes()...)
	routes = append(routes, engagement.New(core).CampaignRoutes()...)
	routes = append(routes, engagement.New(core).NotificationRoutes()...)
	routes = append(routes, engagement.New(core).AppBuildRoutes()...)
	routes = append(routes, engagement.New(core).ThemedPageRoutes()...)
	routes = append(routes, auditapi.New(core).Routes()...)
	return routes
}
