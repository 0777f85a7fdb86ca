package projections_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/booking"
	"move/domain/registry"
	"move/eventstore"
	"move/internal/testenv"
	"move/projections"
)

// names records the first name of each booking's participant as Apply sees it.
type names struct{ name string }

func (n names) Name() string       { return n.name }
func (names) Version() int         { return 1 }
func (n names) Tables() []string   { return []string{n.name} }
func (names) EventTypes() []string { return []string{booking.Booked{}.EventType()} }
func (n names) Schema() string {
	return `CREATE TABLE ` + n.name + ` (booking_id text PRIMARY KEY, first_name text NOT NULL)`
}
func (n names) Apply(ctx context.Context, w projections.Writer, e projections.Event) error {
	b := e.Payload.(booking.Booked)
	return w.Exec(ctx, `INSERT INTO `+n.name+` VALUES ($1, $2)`, b.BookingID, b.Participant.FirstName)
}

// sealedNames is names as a SealedReader.
type sealedNames struct{ names }

func (sealedNames) ReadsNoPersonalValues() {}

// A projector that says it reads no personal value gets its events' personal fields
// still sealed (its deliveries make no key query); every other projector gets them
// opened.
func TestASealedReaderGetsPersonalFieldsSealed(t *testing.T) {
	env := testenv.New(t)
	ctx := context.Background()
	opened, sealed := names{"opened_names"}, sealedNames{names{"sealed_names"}}
	r := env.Runner(t, opened, sealed)
	env.RunProjections(t, r)
	id := uuid.NewString()
	stream := booking.Stream(uuid.NewString())
	e := booking.Booked{BookingID: id, Subject: booking.Subject(id), Status: booking.StatusConfirmed,
		Participant: booking.Participant{FirstName: "Ann", LastName: "de Vries", Email: "ann@example.test"}}
	sealedEvents, err := env.Vault.SealAll(ctx, []string{stream}, []domain.Event{e})
	if err != nil {
		t.Fatal(err)
	}
	typ, data, err := registry.All().Encode(sealedEvents[0])
	if err != nil {
		t.Fatal(err)
	}
	res, err := env.Store.Append(ctx, stream, eventstore.NoStream, eventstore.EventData{ID: uuid.New(), Type: typ, Data: data,
		Metadata: eventstore.Metadata{ApplicationID: uuid.NewString(), ActorID: "test"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := projections.WaitFor(ctx, env.DB, []string{opened.name, sealed.name}, res.Position); err != nil {
		t.Fatal(err)
	}
	var plain, kept string
	if err := env.DB.QueryRow(ctx, `SELECT (SELECT first_name FROM readmodel.opened_names), (SELECT first_name FROM readmodel.sealed_names)`).Scan(&plain, &kept); err != nil {
		t.Fatal(err)
	}
	if plain != "Ann" {
		t.Fatalf("the projector that reads personal values got %q", plain)
	}
	if kept == "" || kept == "Ann" {
		t.Fatalf("the sealed reader got %q, want the sealed value", kept)
	}
}
