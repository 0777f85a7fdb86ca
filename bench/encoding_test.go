package bench

import (
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// BenchmarkEventIDEncoding: an event id as an append's parameter, as the uuid.UUID it is
// (pgx goes through its driver.Valuer: text, a failed binary encoding, parsed back) and
// as the 16 bytes the store passes (eventstore/postgres.appendStatement).
func BenchmarkEventIDEncoding(b *testing.B) {
	m := pgtype.NewMap()
	id := uuid.New()
	for _, c := range []struct {
		name  string
		value any
	}{{"uuid.UUID", id}, {"16 bytes", [16]byte(id)}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, c.value, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
