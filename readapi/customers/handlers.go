// Package customers is one context of the read API: a customer's own page, the support
// line's one screen per customer (decision 1710). It reads the read models of orders,
// bookings, bundles, product purchases and wallets; it owns none.
package customers

import "move/readapi/kernel"

// Handlers serve a customer's page. They share the kernel's Core; the route table
// (readapi/routes.go) lists their routes.
type Handlers struct{ *kernel.Core }

// New makes the context's handlers on the shared core.
func New(core *kernel.Core) *Handlers { return &Handlers{Core: core} }
