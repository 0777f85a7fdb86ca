package readapi

import (
	"net/http"

	"move/domain/catalog"
	rmcatalog "move/projections/catalog"
)

// Route is one endpoint: its permission is part of its declaration.
type Route struct {
	Method  string
	Pattern string
	// Permission the caller needs: a permission name, Authenticated, Customer, or Public.
	Permission string
	// Organization, when set, reads the organisation the permission is checked in.
	Organization func(*http.Request) string
	// Reads names the read models the handler queries: it waits for the caller's own
	// writes on them.
	Reads []string
	// Platform routes act on platform-wide data (applications, the catalogue), so the
	// ApplicationId header is optional: without it only platform grants (superadmin)
	// count; with it, the caller's roles in that application do too (decision 0501).
	Platform bool
	Handler  func(http.ResponseWriter, *http.Request) error
	Doc      Doc
}

const (
	// Public routes need no credentials (log in, health).
	Public = "public"
	// Authenticated routes need a caller in the application, and no permission.
	Authenticated = "authenticated"
	// Customer routes act for the caller on their own wallet: they need a caller who is
	// a customer of the application; staff are refused with 403 (0530).
	Customer = "customer"
)

// Permissions of the catalogue. Which role holds which is data (authz).
const (
	PermViewCatalog   = "view-catalog"
	PermManageCatalog = "manage-catalog"
)

// table is the one route table of the product.
func (s *Server) table() []Route {
	routes := s.identityRoutes()
	for _, k := range catalog.Kinds {
		routes = append(routes, s.catalogRoutes(k, catalogPath(k), rmcatalog.Table(k))...)
	}
	routes = append(routes, s.fileRoutes()...)
	routes = append(routes, s.organizationRoutes()...)
	routes = append(routes, s.applicationRoutes()...)
	routes = append(routes, s.walletRoutes()...)
	routes = append(routes, s.activityRoutes()...)
	routes = append(routes, s.productRoutes()...)
	routes = append(routes, s.purchaseRoutes()...)
	routes = append(routes, s.sessionRoutes()...)
	routes = append(routes, s.bookingRoutes()...)
	routes = append(routes, s.bundleRoutes()...)
	routes = append(routes, s.dashboardRoutes()...)
	routes = append(routes, s.rateRoutes()...)
	routes = append(routes, s.locationRoutes()...)
	routes = append(routes, s.countryRoutes()...)
	routes = append(routes, s.contactRoutes()...)
	routes = append(routes, s.orderRoutes()...)
	routes = append(routes, s.financeRoutes()...)
	routes = append(routes, s.taxonomyRoutes()...)
	routes = append(routes, s.applicationFilterRoutes()...)
	routes = append(routes, s.operationsRoutes()...)
	routes = append(routes, s.campaignRoutes()...)
	routes = append(routes, s.notificationRoutes()...)
	routes = append(routes, s.appBuildRoutes()...)
	routes = append(routes, s.auditRoutes()...)
	return routes
}

// catalogPath is the kind's path under /v1/admin, as the spec names it.
func catalogPath(k catalog.Kind) string {
	switch k.Name {
	case catalog.Sport.Name:
		return "/v1/admin/sports"
	case catalog.LocationType.Name:
		return "/v1/admin/location-types"
	default:
		return "/v1/admin/product-types"
	}
}
