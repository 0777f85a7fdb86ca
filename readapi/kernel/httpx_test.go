package kernel

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request its client cancelled fails somewhere below (a query, a wait): that is
// logged as information, not as the server's error, and counted as 499.
func TestCancelledRequestIsNotLoggedAsAnError(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), loggerKey{}, log))
	r := httptest.NewRequest("GET", "/v1/admin/sports", nil).WithContext(ctx)
	cancel()
	w := httptest.NewRecorder()
	WriteError(w, r, fmt.Errorf("list sports: %w", context.Canceled))
	if strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "cancelled by the client") {
		t.Fatalf("logged: %s", logs.String())
	}
	if w.Code != statusClientClosed {
		t.Fatalf("status %d", w.Code)
	}
	logs.Reset()
	WriteError(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil).WithContext(context.WithValue(context.Background(), loggerKey{}, log)),
		fmt.Errorf("list sports: %w", context.Canceled))
	if !strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("a failure of a live request is an error: %s", logs.String())
	}
}
