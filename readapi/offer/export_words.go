package offer

import (
	"time"

	"move/readapi/kernel"
)

// exportWords puts an export's headers and values in the user's language and its
// instants in the application's zone (issue 23): headers from the context's messages
// (export.<sheet>.<column>), statuses and yes/no in words, times as "2006-01-02 15:04"
// local — sortable in a spreadsheet, and the header names the zone in words ("Nederlandse
// tijd"), never an IANA id or UTC.
type exportWords struct {
	language string
	zone     *time.Location
}

func (e exportWords) text(key string) string { return kernel.Translate(e.language, key, nil) }

// zoneName is the application's zone as people call it; an unknown zone by its id.
func (e exportWords) zoneName() string {
	key := "export.zone." + e.zone.String()
	if name := kernel.Translate(e.language, key, nil); name != key {
		return name
	}
	return e.zone.String()
}

// headers are the columns' titles; a column whose text holds {zone} names the zone.
func (e exportWords) headers(sheet string, columns []string) []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = kernel.Translate(e.language, "export."+sheet+"."+c, map[string]any{"zone": e.zoneName()})
	}
	return out
}

// value is a status-like value in words (export.value.<kind>.<value>); unknown ones as
// they are.
func (e exportWords) value(kind, v string) string {
	if v == "" {
		return ""
	}
	key := "export.value." + kind + "." + v
	if text := kernel.Translate(e.language, key, nil); text != key {
		return text
	}
	return v
}

func (e exportWords) yesNo(b bool) string {
	if b {
		return e.text("export.value.yes")
	}
	return e.text("export.value.no")
}

// local is an API instant (RFC 3339) as local time in the zone; blank for none.
func (e exportWords) local(stamp *string) string {
	if stamp == nil || *stamp == "" {
		return ""
	}
	t, err := time.Parse(time.RFC3339, *stamp)
	if err != nil {
		return *stamp
	}
	return t.In(e.zone).Format("2006-01-02 15:04")
}

// localTime is local for an instant read as a time: the same text, without the round
// trip through RFC 3339.
func (e exportWords) localTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(e.zone).Format("2006-01-02 15:04")
}
