package catalog

import (
	"bytes"
	"errors"
	"move/readapi/kernel"
	"net/http/httptest"
	"testing"
)

// The command decoders take any bytes without panicking, and refuse with an apiError.
func FuzzDecodeCatalogInput(f *testing.F) {
	for _, seed := range []string{`{"name":"Tennis"}`, `{"name":"x","icon_id":"a","highlighted":true,"version":3}`,
		`{"name":`, `[]`, `{"name":1}`, `{"colour":"red"}`, `{"name":"a"}{"name":"b"}`, `null`, "\xff\xfe",
		`{"name":"a\u0000b"}`, "{\"name\":\"\xff\"}", `{"name":"\u200b"}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		var in catalogInput
		err := kernel.Decode(r, httptest.NewRecorder(), &in)
		var api *kernel.APIError
		if err != nil && !errors.As(err, &api) {
			t.Fatalf("decode answered a non-API error %T: %v", err, err)
		}
		if err == nil {
			_ = in.fields()
		}
	})
}
