package customers

import (
	_ "embed"

	"move/readapi/kernel"
)

// messages are the context's message keys and field names, in nl and en; the kernel
// resolves them.
//
//go:embed messages.json
var messages []byte

func init() { kernel.RegisterMessages(messages) }
