package readapi

import (
	"move/domain/catalog"
	rmcatalog "move/projections/catalog"
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
