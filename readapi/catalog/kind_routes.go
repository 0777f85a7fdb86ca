package catalog

import (
	"move/domain/catalog"
	rmcatalog "move/projections/catalog"
	"move/readapi/kernel"
)

// KindRoutes are the routes of one kind of the catalogue (sports, location types,
// product types), each on its own path and read model table.
func (s *Handlers) KindRoutes(k catalog.Kind) []kernel.Route {
	return s.catalogRoutes(k, catalogPath(k), rmcatalog.Table(k))
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
