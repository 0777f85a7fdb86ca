package connbudget

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Sockets counts the TCP sockets process pid holds open to port, in any state, as
// `ss -tnp` would: its open descriptors matched against the kernel's socket tables.
// Tests sample it to check the budget from outside the process's own bookkeeping.
func Sockets(pid, port int) (int, error) {
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	mine := map[string]bool{}
	for _, e := range entries {
		link, err := os.Readlink(dir + "/" + e.Name())
		if err != nil {
			continue // closed meanwhile
		}
		if inode, ok := strings.CutPrefix(link, "socket:["); ok {
			mine[strings.TrimSuffix(inode, "]")] = true
		}
	}
	// The kernel's tables are read in pieces while sockets come and go: a socket can be
	// listed twice, so each is counted once, by its inode.
	counted := map[string]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(table)
		if err != nil {
			continue
		}
		scan := bufio.NewScanner(f)
		for scan.Scan() {
			fields := strings.Fields(scan.Text())
			if len(fields) < 10 || !mine[fields[9]] {
				continue
			}
			_, remotePort, _ := strings.Cut(fields[2], ":")
			if p, err := strconv.ParseInt(remotePort, 16, 32); err == nil && int(p) == port {
				counted[fields[9]] = true
			}
		}
		f.Close()
	}
	return len(counted), nil
}
