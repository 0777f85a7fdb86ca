package series

import (
	"strconv"
	"strings"
	"sync"
)

// ruleIndex is what a series' rule makes, computed once: its rule dates in order and,
// for each, the date by itself and by its session's id. A series' schedule never
// changes after its creation (a change "this and all later" starts a successor), so
// the index of a series id and schedule stays true; it is a memo of pure functions,
// kept because expanding the rule (rrule) and naming each session (SHA-1) is the
// costliest part of finding one session of a long series.
type ruleIndex struct {
	dates  []string
	dateOf map[string]string // rule date or session id → rule date
}

// maxIndexes bounds the memo: a two-year daily series' index is ~100 KB.
const maxIndexes = 256

var indexes = struct {
	sync.Mutex
	m map[string]*ruleIndex
}{m: map[string]*ruleIndex{}}

func indexOf(seriesID string, sc Schedule) *ruleIndex {
	key := indexKey(seriesID, sc)
	indexes.Lock()
	ix := indexes.m[key]
	indexes.Unlock()
	if ix != nil {
		return ix
	}
	dates := RuleDates(sc)
	ix = &ruleIndex{dates: dates, dateOf: make(map[string]string, 2*len(dates))}
	for _, d := range dates {
		ix.dateOf[d] = d
		ix.dateOf[SessionID(seriesID, d)] = d
	}
	indexes.Lock()
	if len(indexes.m) >= maxIndexes {
		clear(indexes.m) // the next lookups rebuild what is still in use
	}
	indexes.m[key] = ix
	indexes.Unlock()
	return ix
}

// indexKey names a series id and everything its rule dates depend on.
func indexKey(seriesID string, sc Schedule) string {
	var b strings.Builder
	b.WriteString(seriesID)
	b.WriteByte('|')
	b.WriteString(sc.Date)
	if r := sc.Repetition; r != nil {
		b.WriteByte('|')
		b.WriteString(r.Type)
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(r.Every))
		b.WriteByte('|')
		b.WriteString(r.Until)
		b.WriteByte('|')
		b.WriteString(strings.Join(r.Days, ","))
	}
	return b.String()
}
