package offer

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	"move/readapi/kernel"
)

// Staff type codes loosely: case, spaces and dashes are free, O/I/L read as 0/1/1;
// anything not 6 characters of the alphabet is not a code.
func TestReadShortCode(t *testing.T) {
	for in, want := range map[string]string{"k7qm3x": "K7QM3X", "K7Q-M3X": "K7QM3X", " k7q m3x ": "K7QM3X", "OIL234": "011234"} {
		if got, ok := readShortCode(in); !ok || got != want {
			t.Errorf("readShortCode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "K7QM3", "K7QM3XY", "K7QM3U", "K7QM3!", "ÄBCDEF", "B1.abc"} {
		if got, ok := readShortCode(in); ok {
			t.Errorf("readShortCode(%q) = %q: want refused", in, got)
		}
	}
}

// Every code is 6 characters of the alphabet, the same for the same booking and key,
// another under another key, and none without a key.
func TestShortCodeIsStableAndKeyed(t *testing.T) {
	h := New(&kernel.Core{})
	if h.shortCode(uuid.NewString()) != "" {
		t.Fatal("a code without a key")
	}
	h.QRSecret = []byte("one key")
	other := New(&kernel.Core{})
	other.QRSecret = []byte("another key")
	differ := 0
	for range 200 {
		id := uuid.NewString()
		code := h.shortCode(id)
		if len(code) != shortCodeLength || strings.Trim(code, shortCodeAlphabet) != "" || h.shortCode(id) != code {
			t.Fatalf("code %q of %s", code, id)
		}
		if read, ok := readShortCode(strings.ToLower(code)); !ok || read != code {
			t.Fatalf("code %q does not read back", code)
		}
		if other.shortCode(id) != code {
			differ++
		}
	}
	if differ < 190 {
		t.Fatalf("only %d of 200 codes change with the key", differ)
	}
}
