package commands

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
	"move/domain/wallet"
	"move/personal"
)

// registerAll lists every context's events. A new context adds its Register here.
var registerAll = []func(*domain.Registry){
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
	personal.Register,
	projection.Register,
}
