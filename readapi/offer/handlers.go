// Package offer is one context of the read API; Handlers says which routes it serves.
package offer

import "move/readapi/kernel"

// Handlers serve the routes of activities, sessions and series, bundles, bookings and participants, QR check-in, products and their purchases, rates, locations, contacts and the taxonomy. They share the kernel's Core; the route table
// (readapi/routes.go) lists their routes.
type Handlers struct{ *kernel.Core }

// New makes the context's handlers on the shared core.
func New(core *kernel.Core) *Handlers { return &Handlers{Core: core} }
