// Package readmodels lists every read model's projectors — and the process managers'
// to-do lists, which are built the same way: what the server runs, what
// `projections rebuild --all` rebuilds, and what integration tests run. A new read
// model adds its projectors here.
package readmodels

import (
	"move/domain/registry"
	"move/processes"
	"move/projections"
	rmactivities "move/projections/activities"
	rmappbuilds "move/projections/appbuilds"
	rmauditlog "move/projections/auditlog"
	rmbookings "move/projections/bookings"
	rmbundles "move/projections/bundles"
	rmcampaigns "move/projections/campaigns"
	rmcatalog "move/projections/catalog"
	rmcontacts "move/projections/contacts"
	rmfinance "move/projections/finance"
	rmidentity "move/projections/identity"
	rmlocations "move/projections/locations"
	rmorders "move/projections/orders"
	rmorganizations "move/projections/organizations"
	rmproducts "move/projections/products"
	rmrates "move/projections/rates"
	rmtaxonomy "move/projections/taxonomy"
	rmthemedpages "move/projections/themedpages"
	rmwallets "move/projections/wallets"
)

// All answers a fresh projector of every read model.
func All() []projections.Projector {
	return append(rmcatalog.Projectors(), rmidentity.Projector(), rmorganizations.Projector(), rmwallets.Projector(),
		rmrates.Projector(), rmlocations.Projector(), rmcontacts.Projector(), rmactivities.Projector(), rmproducts.Projector(), rmbookings.Projector(),
		rmtaxonomy.Projector(), rmbundles.Projector(), processes.Projector(),
		rmorders.Projector(), processes.PaymentsProjector(), processes.HoldsProjector(), rmfinance.Projector(),
		rmcampaigns.Projector(), rmcampaigns.NotificationsProjector(), processes.NotificationsProjector(), rmthemedpages.Projector(),

		rmappbuilds.Projector(), processes.AppBuildsProjector(), rmauditlog.Projector(registry.All().Types()))
}
