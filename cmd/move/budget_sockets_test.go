package main_test

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/internal/connbudget"
)

// One server under 16 clients creating and listing sports — each list waiting for the
// client's own write (X-Min-Position), a third of the clients giving up after a few
// milliseconds so queries are cut off mid-way — and 200 staff bookings of one session at
// once never holds more than 10 sockets to Postgres, counted from the kernel's tables by
// the server's pid (as `ss -tnp` does) every 2 ms while the load runs (decision 1341).
// It logs the server's resident memory idle and at its highest under the load.
func TestOneServerKeepsItsSocketsWithinTheBudgetUnderLoad(t *testing.T) {
	st := seeded(t)
	dsn, db := st.dsn, st.db
	srv := st.serve()
	token, app := loginWithApplication(t, srv)
	session := seededSession(t, db, "Yoga in het park")
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil {
		port = 5432
	}
	pid := srv.cmd.Process.Pid
	idle := residentKB(t, pid)

	var peak, peakRSS atomic.Int64
	stop := make(chan struct{})
	var sampling sync.WaitGroup
	sampling.Add(1)
	go func() {
		defer sampling.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			if n, err := connbudget.Sockets(pid, port); err == nil && int64(n) > peak.Load() {
				peak.Store(int64(n))
			}
			if kb := residentKB(t, pid); kb > peakRSS.Load() {
				peakRSS.Store(kb)
			}
		}
	}()
	var load sync.WaitGroup
	var created, cut atomic.Int64
	for c := range 16 {
		load.Add(1)
		go func() {
			defer load.Done()
			impatient := c%3 == 0
			for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
				status, body := call(srv.url, token, app, "POST", "/v1/admin/sports", uuid.NewString(), map[string]any{"name": "Load " + uuid.NewString()[:8]})
				if status == http.StatusCreated {
					created.Add(1)
				}
				meta, _ := body["meta"].(map[string]any)
				position, _ := meta["position"].(string)
				timeout := 10 * time.Second
				if impatient {
					timeout = time.Duration(1+c) * time.Millisecond
				}
				if !listSports(srv.url, token, app, position, timeout) {
					cut.Add(1)
				}
			}
		}()
	}
	var booked atomic.Int64
	for i := range 200 {
		load.Add(1)
		go func() {
			defer load.Done()
			status, _ := call(srv.url, token, app, "POST", "/v1/admin/sessions/"+session+"/participants", uuid.NewString(), map[string]any{"participant": map[string]any{
				"first_name": "Deelnemer", "last_name": fmt.Sprint(i), "email": fmt.Sprintf("d%d@example.test", i)}})
			if status == http.StatusCreated {
				booked.Add(1)
			}
		}()
	}
	load.Wait()
	close(stop)
	sampling.Wait()
	t.Logf("%d sports created, %d lists cut off by their clients, %d of 200 bookings taken (20 spots); peak %d sockets to Postgres; resident memory %d MB idle, at most %d MB under the load",
		created.Load(), cut.Load(), booked.Load(), peak.Load(), idle/1024, peakRSS.Load()/1024)
	if created.Load() == 0 || cut.Load() == 0 || booked.Load() != 20 {
		t.Fatalf("the load must create sports, cut lists off and fill the session: %d, %d, %d", created.Load(), cut.Load(), booked.Load())
	}
	if peak.Load() > connectionBudget || peak.Load() == 0 {
		t.Fatalf("peak %d sockets to Postgres, budget %d", peak.Load(), connectionBudget)
	}
}

// listSports lists sports after the client's write, giving up after timeout; it answers
// whether an answer came.
func listSports(base, token, app, position string, timeout time.Duration) bool {
	req, _ := http.NewRequest("GET", base+"/v1/admin/sports?limit=50", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("ApplicationId", app)
	if position != "" {
		req.Header.Set("X-Min-Position", position)
	}
	res, err := (&http.Client{Timeout: timeout}).Do(req)
	if err != nil {
		return false
	}
	res.Body.Close()
	return true
}

// residentKB is a process's resident set (VmRSS) in kB; 0 once it is gone.
func residentKB(t *testing.T, pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
