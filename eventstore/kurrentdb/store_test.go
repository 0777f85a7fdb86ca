package kurrentdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"move/eventstore"
	"move/eventstore/eventstoretest"
)

// TestContract runs the contract against a real server (docker-compose.yml starts one):
//
//	docker compose up -d eventstore
//	EVENTSTORE_URL=esdb://localhost:2113?tls=false go test ./eventstore/kurrentdb/
func TestContract(t *testing.T) {
	url := os.Getenv("EVENTSTORE_URL")
	if url == "" {
		t.Skip("EVENTSTORE_URL not set: the KurrentDB contract runs against a real server")
	}
	eventstoretest.Run(t, eventstoretest.Options{
		NewStore: func(t *testing.T) eventstore.Store {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			s, err := Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(s.Close)
			return s
		},
		// A real server's log holds other tests' events and the server's own.
		SharedLog: true,
		// No client transactions in KurrentDB.
		SlowAppend: nil,
	})
}

func TestConnectionStringSchemes(t *testing.T) {
	for in, want := range map[string]string{
		"esdb://localhost:2113?tls=false":             "esdb://localhost:2113?tls=false",
		"esdb+discover://cluster.local:2113":          "esdb+discover://cluster.local:2113",
		"kurrentdb://localhost:2113?tls=false":        "kurrentdb://localhost:2113?tls=false",
		"kurrentdb+discover://admin:changeit@db:2113": "kurrentdb+discover://admin:changeit@db:2113",
		"ESDB://localhost:2113?tls=false":             "esdb://localhost:2113?tls=false",
		"  esdb://a:2113,b:2113,c:2113?tls=false  ":   "esdb://a:2113,b:2113,c:2113?tls=false",
		"kdb://localhost:2113?tls=false":              "kdb://localhost:2113?tls=false",
		"kurrent+discover://localhost:2113?tls=false": "kurrent+discover://localhost:2113?tls=false",
	} {
		got, err := clientConnectionString(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got != want {
			t.Fatalf("%q: mapped to %q, want %q", in, got, want)
		}
		if !IsConnectionString(in) {
			t.Fatalf("%q: IsConnectionString false", in)
		}
		// The client itself must parse what we hand it (no network involved).
		if _, err := kdb.ParseConnectionString(got); err != nil {
			t.Fatalf("%q: the client refuses %q: %v", in, got, err)
		}
	}
	for _, bad := range []string{
		"", "localhost:2113", "postgres://move@localhost/move", "http://localhost:2113",
		"eventstore://localhost:2113", "esdb://",
	} {
		if _, err := clientConnectionString(bad); err == nil {
			t.Fatalf("%q: want an error", bad)
		}
		if IsConnectionString(bad) {
			t.Fatalf("%q: IsConnectionString true", bad)
		}
	}
}

func TestConnectionStringSettingsReachTheClient(t *testing.T) {
	cs, err := clientConnectionString("esdb://localhost:2113?tls=false")
	if err != nil {
		t.Fatal(err)
	}
	conf, err := kdb.ParseConnectionString(cs)
	if err != nil {
		t.Fatal(err)
	}
	if !conf.DisableTLS || conf.DnsDiscover || conf.Address != "localhost:2113" {
		t.Fatalf("esdb://localhost:2113?tls=false parsed as tls disabled=%v discover=%v address=%q",
			conf.DisableTLS, conf.DnsDiscover, conf.Address)
	}
	cs, err = clientConnectionString("kurrentdb+discover://db.internal:2113")
	if err != nil {
		t.Fatal(err)
	}
	if conf, err = kdb.ParseConnectionString(cs); err != nil {
		t.Fatal(err)
	}
	if !conf.DnsDiscover || conf.DisableTLS {
		t.Fatalf("kurrentdb+discover parsed as discover=%v tls disabled=%v", conf.DnsDiscover, conf.DisableTLS)
	}
}

func TestOpenRefusesOtherSchemesWithoutLeakingPasswords(t *testing.T) {
	_, err := Open(context.Background(), "postgres://move:secret@localhost/move")
	if err == nil {
		t.Fatal("a Postgres URL must be refused")
	}
	for _, bad := range []string{"move:secret@localhost", "esdb://admin:sec%zzret@localhost:2113", "esdb://admin:secret@localhost:2113/path"} {
		_, err = Open(context.Background(), bad)
		if err == nil || strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "sec%zzret") {
			t.Fatalf("%s: want an error without the password, got %v", bad, err)
		}
	}
}

func TestExpectedVersionMapping(t *testing.T) {
	cases := []struct {
		in   eventstore.ExpectedVersion
		want kdb.StreamState
	}{
		{eventstore.Any, kdb.Any{}},
		{eventstore.NoStream, kdb.NoStream{}},
		{eventstore.StreamExists, kdb.StreamExists{}},
		{eventstore.Exact(0), kdb.StreamRevision{Value: 0}},
		{eventstore.Exact(41), kdb.StreamRevision{Value: 41}},
	}
	for _, c := range cases {
		if got := streamState(c.in); got != c.want {
			t.Fatalf("%s: got %#v, want %#v", c.in, got, c.want)
		}
	}
}

func TestExpectationHolds(t *testing.T) {
	v := func(n uint64) *uint64 { return &n }
	cases := []struct {
		e      eventstore.ExpectedVersion
		actual *uint64
		want   bool
	}{
		{eventstore.Any, nil, true},
		{eventstore.Any, v(3), true},
		{eventstore.NoStream, nil, true},
		{eventstore.NoStream, v(0), false},
		{eventstore.StreamExists, nil, false},
		{eventstore.StreamExists, v(0), true},
		{eventstore.Exact(2), v(2), true},
		{eventstore.Exact(2), v(3), false},
		{eventstore.Exact(0), nil, false},
	}
	for _, c := range cases {
		if got := holds(c.e, c.actual); got != c.want {
			t.Fatalf("%s with actual %v: got %v", c.e, c.actual, got)
		}
	}
}

// wrongVersionText is what the client's AppendToStream puts in its error (client.go).
func wrongVersionText(expected, current string) error {
	return fmt.Errorf("[ErrorCodeWrongExpectedVersion] an append request failed the optimistic concurrency on the server: "+
		"wrong expected version: expecting '%s' but got '%s'", expected, current)
}

func TestActualFromTheWrongExpectedVersionMessage(t *testing.T) {
	if a, ok := actualFromMessage(wrongVersionText("no_stream", "1").Error()); !ok || a == nil || *a != 1 {
		t.Fatalf("got %v %v, want 1", a, ok)
	}
	if a, ok := actualFromMessage(wrongVersionText("0", "no_stream").Error()); !ok || a != nil {
		t.Fatalf("got %v %v, want no stream", a, ok)
	}
	if a, ok := actualFromMessage(wrongVersionText("stream_exists", "12345678901").Error()); !ok || a == nil || *a != 12345678901 {
		t.Fatalf("got %v %v", a, ok)
	}
	if _, ok := actualFromMessage("some other failure"); ok {
		t.Fatal("a message without the current version must not tell one")
	}
	if _, ok := actualFromMessage(wrongVersionText("1", "-1").Error()); ok {
		t.Fatal("a negative revision is not a version")
	}
}

func TestConflictMapping(t *testing.T) {
	// Single-stream append: the code and the message.
	c, ok := asConflict(kdb.ErrorCodeWrongExpectedVersion, wrongVersionText("no_stream", "0"))
	if !ok || !c.actualKnown || c.actual == nil || *c.actual != 0 || c.stream != "" {
		t.Fatalf("wrong expected version: got %+v %v", c, ok)
	}
	// Multi-stream append: the conflict's detail, even wrapped.
	wrapped := fmt.Errorf("append: %w", &kdb.StreamRevisionConflictError{
		Stream: "reservation-1", ExpectedRevision: kdb.NoStream{}, ActualRevision: kdb.StreamRevision{Value: 0}})
	c, ok = asConflict(kdb.ErrorCodeStreamRevisionConflict, wrapped)
	if !ok || c.stream != "reservation-1" || !c.actualKnown || c.actual == nil || *c.actual != 0 {
		t.Fatalf("revision conflict: got %+v %v", c, ok)
	}
	c, ok = asConflict(kdb.ErrorCodeUnknown, &kdb.StreamRevisionConflictError{
		Stream: "x", ExpectedRevision: kdb.Revision(3), ActualRevision: kdb.NoStream{}})
	if !ok || !c.actualKnown || c.actual != nil {
		t.Fatalf("revision conflict on a missing stream: got %+v %v", c, ok)
	}
	c, ok = asConflict(kdb.ErrorCodeUnknown, &kdb.StreamRevisionConflictError{
		Stream: "x", ExpectedRevision: kdb.Revision(3), ActualRevision: kdb.Any{}})
	if !ok || c.actualKnown {
		t.Fatalf("a conflict whose actual state is no version must be looked up: got %+v %v", c, ok)
	}
	for _, code := range []kdb.ErrorCode{kdb.ErrorCodeUnknown, kdb.ErrorUnavailable, kdb.ErrorCodeAccessDenied, kdb.ErrorCodeResourceNotFound} {
		if _, ok := asConflict(code, errors.New("boom")); ok {
			t.Fatalf("code %d is not a version conflict", code)
		}
	}
}

// appendError fills WrongExpectedVersionError from what the server said, without a
// round trip when it said enough (the store has no client here).
func TestAppendErrorIsTyped(t *testing.T) {
	s := &Store{}
	ctx := context.Background()
	entity := eventstore.StreamAppend{Stream: "entity-1", Expected: eventstore.NoStream}
	reservation := eventstore.StreamAppend{Stream: "reservation-1", Expected: eventstore.NoStream}
	err := s.appendError(ctx, []eventstore.StreamAppend{entity, reservation},
		&kdb.StreamRevisionConflictError{Stream: "reservation-1", ExpectedRevision: kdb.NoStream{}, ActualRevision: kdb.Revision(0)})
	var w *eventstore.WrongExpectedVersionError
	if !errors.As(err, &w) {
		t.Fatalf("want a WrongExpectedVersionError, got %v", err)
	}
	if w.Stream != "reservation-1" || !w.Expected.IsNoStream() || w.Actual == nil || *w.Actual != 0 {
		t.Fatalf("got %+v", w)
	}
	err = s.appendError(ctx, []eventstore.StreamAppend{entity}, &kdb.StreamRevisionConflictError{
		Stream: "entity-1", ExpectedRevision: kdb.Revision(4), ActualRevision: kdb.NoStream{}})
	if !errors.As(err, &w) || w.Stream != "entity-1" || w.Actual != nil {
		t.Fatalf("got %v", err)
	}
	other := errors.New("connection refused")
	if err := s.appendError(ctx, []eventstore.StreamAppend{entity}, other); !errors.Is(err, other) || eventstore.IsWrongExpectedVersion(err) {
		t.Fatalf("other failures pass through: got %v", err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, code := range []kdb.ErrorCode{kdb.ErrorCodeResourceNotFound, kdb.ErrorCodeStreamDeleted, kdb.ErrorCodeStreamTombstoned} {
		if !isNotFound(code) {
			t.Fatalf("code %d must read as a missing stream", code)
		}
	}
	for _, code := range []kdb.ErrorCode{kdb.ErrorCodeUnknown, kdb.ErrorCodeAccessDenied, kdb.ErrorUnavailable} {
		if isNotFound(code) {
			t.Fatalf("code %d is not a missing stream", code)
		}
	}
	if err := readError("x", errors.New("boom")); errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatal("an error without a not-found code is not ErrStreamNotFound")
	}
}

func TestPermanentSubscriptionFailures(t *testing.T) {
	if permanent(nil) || permanent(io.EOF) || permanent(errors.New("transport is closing")) {
		t.Fatal("a dropped connection is worth a resubscription")
	}
	if !permanent(fmt.Errorf("x: %w", decodeFailure{errors.New("bad metadata")})) {
		t.Fatal("an undecodable event stays undecodable")
	}
}

func TestPositionConversion(t *testing.T) {
	if got := allPosition(eventstore.Start); got != (kdb.Start{}) {
		t.Fatalf("Start must be the beginning of $all, got %#v", got)
	}
	p := eventstore.Position{Commit: 1056, Prepare: 1040}
	got, ok := allPosition(p).(kdb.Position)
	if !ok {
		// A *kdb.Position would satisfy AllPosition too, and the client would send no
		// position at all.
		t.Fatalf("a position must be passed as a kdb.Position value, got %T", allPosition(p))
	}
	if got.Commit != 1056 || got.Prepare != 1040 {
		t.Fatalf("got %+v", got)
	}
	if back := fromClientPosition(got); back != p {
		t.Fatalf("round trip: %v, want %v", back, p)
	}
}

func TestCursorAdmitsOnlyLaterEvents(t *testing.T) {
	c := cursor{}
	if !c.admit(eventstore.Position{}) {
		t.Fatal("from Start, the first event of the log (at 0/0) is new")
	}
	if c.admit(eventstore.Position{}) {
		t.Fatal("the same event twice")
	}
	if !c.admit(eventstore.Position{Commit: 10, Prepare: 10}) || !c.admit(eventstore.Position{Commit: 10, Prepare: 12}) {
		t.Fatal("later events are new")
	}
	if c.admit(eventstore.Position{Commit: 10, Prepare: 11}) || c.admit(eventstore.Position{Commit: 9, Prepare: 20}) {
		t.Fatal("earlier events are not")
	}
	resumed := cursor{last: eventstore.Position{Commit: 50, Prepare: 50}, seen: true}
	if resumed.admit(eventstore.Position{Commit: 50, Prepare: 50}) {
		t.Fatal("a resumed subscription must not deliver its checkpoint again")
	}
}

func TestMetadataEncoding(t *testing.T) {
	m := eventstore.Metadata{ApplicationID: "app", OrganizationID: "org", ActorID: "u",
		CorrelationID: "c", CausationID: "k", CommandID: "cmd"}
	e := eventstore.EventData{ID: uuid.New(), Type: "thing.happened.v1", Data: json.RawMessage(`{"n":1}`), Metadata: m}
	got, err := encodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	if got.EventID != e.ID || got.EventType != e.Type || got.ContentType != kdb.ContentTypeJson || string(got.Data) != `{"n":1}` {
		t.Fatalf("got %+v", got)
	}
	// The multi-stream append refuses metadata that is not an object of strings.
	var asStrings map[string]string
	if err := json.Unmarshal(got.Metadata, &asStrings); err != nil {
		t.Fatalf("metadata must be a JSON object of strings: %s: %v", got.Metadata, err)
	}
	want := map[string]string{"application_id": "app", "organization_id": "org", "actor_id": "u",
		"correlation_id": "c", "causation_id": "k", "command_id": "cmd"}
	if fmt.Sprint(asStrings) != fmt.Sprint(want) {
		t.Fatalf("metadata keys: got %v, want %v", asStrings, want)
	}
	back, err := decodeMetadata(got.Metadata)
	if err != nil || back != m {
		t.Fatalf("round trip: %+v %v", back, err)
	}

	empty, err := encodeEvent(eventstore.EventData{ID: uuid.New(), Type: "t.v1"})
	if err != nil {
		t.Fatal(err)
	}
	if string(empty.Data) != `{}` || string(empty.Metadata) != `{}` {
		t.Fatalf("empty payload and envelope: data %s metadata %s", empty.Data, empty.Metadata)
	}

	// Events of a multi-stream append come back with the server's schema properties.
	withSchema := []byte(`{"application_id":"app","$schema.format":"Json","$schema.name":"t.v1"}`)
	if back, err := decodeMetadata(withSchema); err != nil || back != (eventstore.Metadata{ApplicationID: "app"}) {
		t.Fatalf("got %+v %v", back, err)
	}
	if back, err := decodeMetadata(nil); err != nil || back != (eventstore.Metadata{}) {
		t.Fatalf("no metadata: %+v %v", back, err)
	}
	if _, err := decodeMetadata([]byte{0x01, 0x02}); err == nil {
		t.Fatal("metadata that is not JSON must not pass as an empty envelope")
	}
}

func TestDecodeEvent(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	created := time.Date(2025, 3, 1, 12, 0, 0, 100, paris)
	rec := &kdb.RecordedEvent{
		EventID:      uuid.New(),
		EventType:    "thing.happened.v1",
		StreamID:     "thing-1",
		EventNumber:  7,
		Position:     kdb.Position{Commit: 900, Prepare: 880},
		CreatedDate:  created,
		Data:         []byte(`{"n":7}`),
		UserMetadata: []byte(`{"application_id":"app","command_id":"cmd"}`),
	}
	e, err := decodeEvent(rec)
	if err != nil {
		t.Fatal(err)
	}
	if e.ID != rec.EventID || e.Type != rec.EventType || e.Stream != "thing-1" || e.Version != 7 ||
		e.Position != (eventstore.Position{Commit: 900, Prepare: 880}) || string(e.Data) != `{"n":7}` ||
		e.Metadata != (eventstore.Metadata{ApplicationID: "app", CommandID: "cmd"}) {
		t.Fatalf("got %+v", e)
	}
	if e.RecordedAt.Location() != time.UTC || !e.RecordedAt.Equal(created) {
		t.Fatalf("recorded at %v, want %v in UTC", e.RecordedAt, created)
	}
	rec.UserMetadata = []byte(`not json`)
	if _, err := decodeEvent(rec); err == nil {
		t.Fatal("want an error for undecodable metadata")
	}
}

func TestSystemEvents(t *testing.T) {
	cases := []struct {
		typ, stream string
		want        bool
	}{
		{"thing.happened.v1", "thing-1", false},
		{"$metadata", "$$thing-1", true},
		{"$>", "$ce-thing", true},
		{"$statsCollected", "$stats-127.0.0.1:2113", true},
		{"thing.happened.v1", "$projections-x", true},
		{"$epoch-information", "$epoch-information", true},
	}
	for _, c := range cases {
		if got := isSystem(&kdb.RecordedEvent{EventType: c.typ, StreamID: c.stream}); got != c.want {
			t.Fatalf("%s in %s: got %v", c.typ, c.stream, got)
		}
	}
	// The server-side filter of subscriptions excludes $-types.
	if f := kdb.ExcludeSystemEventsFilter(); f.Type != kdb.EventFilterType || f.Regex == "" {
		t.Fatalf("unexpected filter %+v", f)
	}
}

func TestValidateAppends(t *testing.T) {
	ok := eventstoretest.Event("t.v1", 0)
	cases := map[string][]eventstore.StreamAppend{
		"no streams":   nil,
		"empty name":   {{Stream: "", Events: []eventstore.EventData{ok}}},
		"no events":    {{Stream: "a"}},
		"twice":        {{Stream: "a", Events: []eventstore.EventData{ok}}, {Stream: "a", Events: []eventstore.EventData{ok}}},
		"nil id":       {{Stream: "a", Events: []eventstore.EventData{{Type: "t.v1"}}}},
		"no type":      {{Stream: "a", Events: []eventstore.EventData{{ID: uuid.New()}}}},
		"system type":  {{Stream: "a", Events: []eventstore.EventData{{ID: uuid.New(), Type: "$metadata"}}}},
		"system steam": {{Stream: "$all", Events: []eventstore.EventData{ok}}},
	}
	for name, appends := range cases {
		if err := validateAppends(appends); err == nil {
			t.Fatalf("%s: want an error", name)
		}
	}
	if err := validateAppends([]eventstore.StreamAppend{{Stream: "a", Events: []eventstore.EventData{ok}}}); err != nil {
		t.Fatal(err)
	}
}

func TestClientLogsGoToSlog(t *testing.T) {
	var buf strings.Builder
	log := slogLogging(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo})))
	log(kdb.LogError, "subscription has dropped. Reason: %v", "rpc error: code = Canceled desc = context canceled")
	log(kdb.LogDebug, "attempting node supported features retrieval on '%s'...", "localhost:2113")
	if buf.Len() != 0 {
		t.Fatalf("a cancelled subscription and debug lines are not worth an error: %s", buf.String())
	}
	log(kdb.LogError, "unexpected exception: %v", "connection refused")
	if !strings.Contains(buf.String(), "level=ERROR") || !strings.Contains(buf.String(), "component=kurrentdb") ||
		!strings.Contains(buf.String(), "connection refused") {
		t.Fatalf("got %q", buf.String())
	}
}
