// Package engagement is one context of the read API; Handlers says which routes it serves.
package engagement

import "move/readapi/kernel"

// Handlers serve the routes of campaigns, notifications and app builds. They share the kernel's Core; the route table
// (readapi/routes.go) lists their routes.
type Handlers struct{ *kernel.Core }

// New makes the context's handlers on the shared core.
func New(core *kernel.Core) *Handlers { return &Handlers{Core: core} }
