package catalog

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		"catalog.exists": {"nl": "Dit item bestaat al", "en": "This item already exists"},
	}, nil)
}
