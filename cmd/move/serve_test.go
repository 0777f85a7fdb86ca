package main

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
)

// The metrics have a listener of their own (the API's port no longer answers them,
// readapi's TestMetricsAreNotOnTheAPI); one that cannot bind leaves the server serving.
func TestMetricsListener(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	addr, stop := serveMetrics("127.0.0.1:0", newMetrics(), log)
	defer stop()
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "go_goroutines") {
		t.Fatalf("metrics: %d %.200s", res.StatusCode, body)
	}
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	if addr, stop := serveMetrics(busy.Addr().String(), newMetrics(), log); addr != "" {
		stop()
		t.Fatal("a busy address was answered as served")
	}
	if addr, _ := serveMetrics("off", newMetrics(), log); addr != "" {
		t.Fatal("off serves no metrics")
	}
}
