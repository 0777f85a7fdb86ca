package bench

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// rounds is how often a ratio benchmark runs each of its two sides, alternating.
const rounds = 5

// ratio is a ratio benchmark's outcome: its two sides measured in alternation, so the
// machine's noise lands on both sides alike.
type ratio struct {
	Median, Low, High float64 // the ratio A/B: median and spread (lowest, highest) over the rounds
	A, B              float64 // each side's median value
}

// interleaved runs side a, then side b, rounds times (A B A B …), and reports the
// median of the rounds' ratios a/b with its spread, each side's median, the load
// average before and after (/proc/loadavg) and the CPU model. Each side answers one
// value of its round (a rate or a duration in seconds); name says what they are.
func interleaved(b *testing.B, name string, a, c func() float64) ratio {
	b.Helper()
	before := loadAverage()
	var ratios, as, bs []float64
	for range rounds {
		va := a()
		vb := c()
		as, bs = append(as, va), append(bs, vb)
		ratios = append(ratios, va/vb)
	}
	r := ratio{Median: median(ratios), Low: slices.Min(ratios), High: slices.Max(ratios), A: median(as), B: median(bs)}
	b.Logf("%s: ratio %.2f (spread %.2f–%.2f over %d interleaved rounds); medians %.4g and %.4g; load average %s before, %s after; CPU %s",
		name, r.Median, r.Low, r.High, rounds, r.A, r.B, before, loadAverage(), cpuModel())
	return r
}

func median(values []float64) float64 {
	sorted := slices.Sorted(slices.Values(values))
	n := len(sorted)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// loadAverage is the 1, 5 and 15 minute load averages: the machine is shared, and a
// figure means little without them.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	fields := strings.Fields(string(raw))
	if len(fields) < 3 {
		return "unknown"
	}
	return strings.Join(fields[:3], " ")
}

// cpuModel is the first processor's model name and the number of processors.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	model, processors := "unknown", 0
	scan := bufio.NewScanner(f)
	for scan.Scan() {
		key, value, ok := strings.Cut(scan.Text(), ":")
		switch key = strings.TrimSpace(key); {
		case !ok:
		case key == "processor":
			processors++
		case key == "model name" && model == "unknown":
			model = strings.TrimSpace(value)
		}
	}
	return fmt.Sprintf("%s ×%d", model, processors)
}
