package main_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// connectionBudget is what one server may hold (decision 0500): the default pool of 8,
// the lock connection and the event store's LISTEN connection.
const connectionBudget = 10

// Three servers on one database, every projector running on one of them, stay within
// the budget idle and under load; the standbys keep their connections instead of
// reconnecting while they wait for a lock.
func TestThreeServersStayWithinTheConnectionBudget(t *testing.T) {
	st := seeded(t)
	bin, dsn, db := st.bin, st.dsn, st.db
	var servers []*server
	for i := range 3 {
		servers = append(servers, startServer(t, bin, withAppName(t, dsn, fmt.Sprintf("budget-%d", i))))
	}
	ctx := context.Background()
	// Every projector and the process worker hold their lock on some server.
	deadline := time.Now().Add(30 * time.Second)
	for count(t, db, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`) < 2 ||
		count(t, db, `SELECT count(*) FROM projection_checkpoints WHERE state <> 'running' OR rebuild_requested`) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the projectors did not start")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second)
	idle := connections(t, db)
	t.Logf("idle: %v", idle)
	for name, pids := range idle {
		if len(pids) > connectionBudget {
			t.Errorf("%s holds %d connections idle, budget %d", name, len(pids), connectionBudget)
		}
	}
	// Standing by costs no new connections: a waiting server keeps the ones it has.
	time.Sleep(5 * time.Second)
	for name, pids := range connections(t, db) {
		if !slices.Equal(pids, idle[name]) {
			t.Errorf("%s changed connections while idle: %v, then %v", name, idle[name], pids)
		}
	}

	peak := map[string]int{}
	stop := make(chan struct{})
	var sampling sync.WaitGroup
	sampling.Add(1)
	go func() {
		defer sampling.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			rows, err := connectionsErr(ctx, db)
			if err != nil {
				continue
			}
			for name, pids := range rows {
				peak[name] = max(peak[name], len(pids))
			}
		}
	}()
	var load sync.WaitGroup
	created := 0
	var mu sync.Mutex
	for _, srv := range servers {
		token, app := login(t, srv.url)
		for range 8 {
			load.Add(1)
			go func() {
				defer load.Done()
				for end := time.Now().Add(4 * time.Second); time.Now().Before(end); {
					status, _ := call(srv.url, token, app, "POST", "/v1/admin/sports", uuid.NewString(), map[string]any{"name": "Load " + uuid.NewString()[:8]})
					_, _ = call(srv.url, token, app, "GET", "/v1/admin/sports?limit=50", "", nil)
					if status == http.StatusCreated {
						mu.Lock()
						created++
						mu.Unlock()
					}
				}
			}()
		}
	}
	load.Wait()
	close(stop)
	sampling.Wait()
	t.Logf("under load (%d sports created by 24 clients): peak %v", created, peak)
	if created == 0 {
		t.Fatal("the load created nothing")
	}
	for name, n := range peak {
		if n > connectionBudget {
			t.Errorf("%s held %d connections under load, budget %d", name, n, connectionBudget)
		}
	}
}

func withAppName(t *testing.T, dsn, name string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// connections answers the backend pids on the test database, by application name (the
// servers name theirs budget-N).
func connections(t *testing.T, db *pgxpool.Pool) map[string][]int32 {
	t.Helper()
	out, err := connectionsErr(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func connectionsErr(ctx context.Context, db *pgxpool.Pool) (map[string][]int32, error) {
	rows, err := db.Query(ctx, `SELECT application_name, pid FROM pg_stat_activity
		WHERE datname = current_database() AND application_name LIKE 'budget-%' ORDER BY pid`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]int32{}
	for rows.Next() {
		var name string
		var pid int32
		if err := rows.Scan(&name, &pid); err != nil {
			return nil, err
		}
		out[name] = append(out[name], pid)
	}
	return out, rows.Err()
}
