package projections_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"move/internal/testdb"
	"move/projections"
)

// A process's locks, however many, live on one connection; another holder (another
// server) is refused them until they are released.
func TestLocksShareOneConnection(t *testing.T) {
	dsn := testdb.New(t)
	db := testdb.Pool(t, dsn)
	ctx := context.Background()
	named := db.Config().ConnConfig.Copy()
	named.RuntimeParams["application_name"] = "locks-test"
	server := projections.NewLocks(named)
	var leases []*projections.Lease
	for i := range 20 {
		lease, ok, err := server.Acquire(ctx, fmt.Sprintf("projection:p%d", i), false)
		if err != nil || !ok {
			t.Fatalf("lock %d: %v %v", i, ok, err)
		}
		leases = append(leases, lease)
	}
	var holders int
	if err := db.QueryRow(ctx, `SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = `+thisDatabase).Scan(&holders); err != nil {
		t.Fatal(err)
	}
	if holders != 1 {
		t.Fatalf("20 locks held on %d connections, want 1", holders)
	}
	if _, ok, _ := server.Acquire(ctx, "projection:p3", false); ok {
		t.Fatal("a lock held in this process must not be taken twice")
	}
	standby := projections.NewLocks(db.Config().ConnConfig)
	if _, ok, err := standby.Acquire(ctx, "projection:p3", false); ok || err != nil {
		t.Fatalf("another server took a held lock: %v %v", ok, err)
	}
	waited := make(chan bool)
	go func() {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		lease, ok, _ := standby.Acquire(wctx, "projection:p3", true)
		if ok {
			lease.Release()
		}
		waited <- ok
	}()
	leases[3].Release()
	if !<-waited {
		t.Fatal("the standby did not get the released lock")
	}
	for _, l := range leases {
		l.Release()
	}
	if server.Held() != 0 {
		t.Fatalf("%d locks still held", server.Held())
	}
	waitUntil(t, func() bool {
		var n int
		err := db.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE application_name = 'locks-test'`).Scan(&n)
		return err == nil && n == 0
	}, "the lock connection must close when no lock is held or wanted")
}

// A lock connection that dies loses its locks: every lease hears it, so its holder stops
// writing, and the lock can be taken again.
func TestLeasesHearTheirConnectionDie(t *testing.T) {
	dsn := testdb.New(t)
	db := testdb.Pool(t, dsn)
	ctx := context.Background()
	locks := projections.NewLocks(db.Config().ConnConfig)
	lease, ok, err := locks.Acquire(ctx, "process:worker", false)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	defer lease.Release()
	held, cancel := lease.Context(ctx)
	defer cancel()
	if _, err := db.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = `+thisDatabase); err != nil {
		t.Fatal(err)
	}
	select {
	case <-held.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the lease did not hear its connection die")
	}
	again, ok, err := locks.Acquire(ctx, "process:worker", false)
	if err != nil || !ok {
		t.Fatalf("the lost lock must be free again: %v %v", ok, err)
	}
	again.Release()
}

// thisDatabase is the test database's oid: pg_locks shows the whole cluster's locks,
// other tests' (and servers') included, which must be neither counted nor terminated.
const thisDatabase = `(SELECT oid FROM pg_database WHERE datname = current_database())`

func waitUntil(t *testing.T, ok func() bool, why string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal(why)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
