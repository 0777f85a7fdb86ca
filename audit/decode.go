package audit

import (
	"context"
	"encoding/json"
	"fmt"

	"move/domain"
	"move/personal"
)

// Erased stands for a personal value whose subject was erased: its key is gone.
const Erased = "[erased]"

// Decoder reads stored events as auditors see them: upcast to their current shape,
// personal values opened for a caller allowed to read them, Hidden for others, Erased
// where the subject's key is gone.
type Decoder struct {
	Registry *domain.Registry
	Vault    *personal.Vault
}

// Decoded is one event as an auditor sees it.
type Decoded struct {
	// Event is the payload in its current shape; its personal values are opened only
	// for a caller allowed to read them.
	Event domain.Event
	// Data is the payload as JSON values, personal values opened, Hidden or Erased.
	Data map[string]any
}

// Decode decodes stored payloads (type and data each), opening personal values when
// allowed.
func (d *Decoder) Decode(ctx context.Context, types []string, data [][]byte, allowed bool) ([]Decoded, error) {
	sealed := make([]domain.Event, len(types))
	for i := range types {
		e, err := d.Registry.Decode(types[i], data[i])
		if err != nil {
			return nil, err
		}
		sealed[i] = e
	}
	opened := sealed
	if allowed {
		var err error
		if opened, err = d.Vault.OpenAll(ctx, sealed); err != nil {
			return nil, err
		}
	}
	out := make([]Decoded, len(types))
	for i := range sealed {
		sealedJSON, err := jsonValue(sealed[i])
		if err != nil {
			return nil, err
		}
		openedJSON := sealedJSON
		if allowed {
			if openedJSON, err = jsonValue(opened[i]); err != nil {
				return nil, err
			}
		}
		data, _ := personalView(sealedJSON, openedJSON, allowed).(map[string]any)
		if data == nil {
			data = map[string]any{}
		}
		out[i] = Decoded{Event: opened[i], Data: data}
	}
	return out, nil
}

func jsonValue(e domain.Event) (any, error) {
	raw, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("audit: encode %s: %w", e.EventType(), err)
	}
	var v any
	return v, json.Unmarshal(raw, &v)
}

// personalView walks the sealed and the opened payload together: a sealed value shows
// opened when allowed, Erased when its key is gone, and Hidden otherwise.
func personalView(sealed, opened any, allowed bool) any {
	switch s := sealed.(type) {
	case map[string]any:
		o, _ := opened.(map[string]any)
		out := make(map[string]any, len(s))
		for k, v := range s {
			out[k] = personalView(v, o[k], allowed)
		}
		return out
	case []any:
		o, _ := opened.([]any)
		out := make([]any, len(s))
		for i, v := range s {
			var ov any
			if i < len(o) {
				ov = o[i]
			}
			out[i] = personalView(v, ov, allowed)
		}
		return out
	case string:
		if !personal.IsSealed(s) {
			return s
		}
		if !allowed {
			return Hidden
		}
		if plain, _ := opened.(string); plain != "" {
			return plain
		}
		return Erased
	}
	return sealed
}
