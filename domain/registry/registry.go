// Package registry lists every context's event types: the one registry that encodes
// for the commands and decodes the log for the projections, processes and auditors.
// It sits beside the contexts (not in commands) so that a read model may know every
// event type without depending on the write side.
package registry

import (
	"move/domain"
	"move/domain/activity"
	"move/domain/appbuild"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/campaign"
	"move/domain/catalog"
	"move/domain/contact"
	"move/domain/finance"
	"move/domain/identity"
	"move/domain/location"
	"move/domain/notification"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/product"
	"move/domain/projection"
	"move/domain/rate"
	"move/domain/reservation"
	"move/domain/series"
	"move/domain/taxonomy"
	"move/domain/themedpage"
	"move/domain/wallet"
	"move/personal"
)

// contexts lists every context's events. A new context adds its Register here.
var contexts = []func(*domain.Registry){
	reservation.Register,
	catalog.Register,
	identity.Register,
	organization.Register,
	activity.Register,
	product.Register,
	series.Register,
	booking.Register,
	bundle.Register,
	rate.Register,
	location.Register,
	contact.Register,
	wallet.Register,
	order.Register,
	finance.Register,
	taxonomy.Register,
	campaign.Register,
	notification.Register,
	appbuild.Register,
	themedpage.Register,
	personal.Register,
	projection.Register,
}

// All registers every event type of every context.
func All() *domain.Registry {
	return domain.NewRegistry(contexts...)
}
