package commands

import (
	"move/domain"
	"move/domain/catalog"
	"move/domain/identity"
	"move/domain/organization"
	"move/domain/reservation"
	"move/domain/wallet"
	"move/personal"
)

// registerAll lists every context's events. A new context adds its Register here.
var registerAll = []func(*domain.Registry){
	reservation.Register,
	catalog.Register,
	identity.Register,
	organization.Register,
	wallet.Register,
	personal.Register,
}
