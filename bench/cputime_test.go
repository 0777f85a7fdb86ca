package bench

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// cpuSpent is the CPU time the benchmark's process and its database's Postgres backends
// have used so far: wall times on the shared machine measure the run queue as much as
// the work, CPU time much less so. The backends are read from /proc (Postgres runs on
// this machine); parallel workers and autovacuum are not counted.
func cpuSpent(b *testing.B, db *pgxpool.Pool) (goCPU, pgCPU time.Duration) {
	b.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		goCPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	rows, err := db.Query(context.Background(), `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	if err != nil {
		b.Fatal(err)
	}
	var pids []int
	for rows.Next() {
		var pid int
		if err := rows.Scan(&pid); err != nil {
			b.Fatal(err)
		}
		pids = append(pids, pid)
	}
	rows.Close()
	for _, pid := range pids {
		pgCPU += procCPU(pid)
	}
	return goCPU, pgCPU
}

// procCPU is a process's user and system time from /proc/<pid>/stat (clock ticks of
// 1/100 s, as on every Linux this runs on); zero when it cannot be read.
func procCPU(pid int) time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // after the command's name, field 3 on
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64) // field 14
	stime, _ := strconv.ParseInt(fields[12], 10, 64) // field 15
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// cpuPerOp is the CPU an operation cost the benchmark's process (Go) and its database's
// backends (Postgres).
type cpuPerOp struct{ Go, Postgres time.Duration }

func (c cpuPerOp) String() string {
	return fmt.Sprintf("%d µs (Go %d, Postgres %d)", (c.Go + c.Postgres).Microseconds(), c.Go.Microseconds(), c.Postgres.Microseconds())
}

// medianCPU is the median of each part over the rounds, taken apart.
func medianCPU(rounds []cpuPerOp) cpuPerOp {
	var goCPU, pgCPU []float64
	for _, r := range rounds {
		goCPU, pgCPU = append(goCPU, float64(r.Go)), append(pgCPU, float64(r.Postgres))
	}
	return cpuPerOp{Go: time.Duration(median(goCPU)), Postgres: time.Duration(median(pgCPU))}
}
