// Package web holds the built single-page app; only cmd/move embeds it.
package web

import "embed"

//go:embed all:dist
var Dist embed.FS
