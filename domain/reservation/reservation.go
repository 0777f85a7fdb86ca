// Package reservation keeps a value (a name, a slug, an e-mail, a coupon code) unique
// across streams: one stream per value, reserved by one owner at a time. It works on
// every event store because it needs only per-stream expected versions.
package reservation

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"move/domain"
	"move/domain/names"
)

// Reserved is the value taken by Owner (an aggregate id).
type Reserved struct {
	Owner string `json:"owner"`
}

func (Reserved) EventType() string { return "reservation.reserved.v1" }

// Released frees the value for anyone.
type Released struct {
	Owner string `json:"owner"`
}

func (Released) EventType() string { return "reservation.released.v1" }

// Register adds the reservation events to a registry.
func Register(r *domain.Registry) { r.Register(Reserved{}, Released{}) }

// Stream is the reservation stream of value within scope. The value is normalised
// (case, spacing) and hashed. The hash is not keyed: a personal value's stream is named
// by KeyedStream instead; Stream names personal values only in streams that existed
// before (decision 0511).
func Stream(scope, value string) string {
	sum := sha256.Sum256([]byte(names.Normalize(value)))
	return "reservation-" + scope + "-" + hex.EncodeToString(sum[:16])
}

// KeyedStream is the reservation stream of a personal value (an e-mail address) within
// scope, named by its keyed digest (personal.Secret.Name): without the server's secret
// no one can tell from the name whose value it is (decision 0511).
func KeyedStream(scope string, digest []byte) string {
	return "reservation-" + scope + "-k-" + hex.EncodeToString(digest)
}

// Reservation is one value's state.
type Reservation struct {
	Owner string // "" when free
}

// Apply implements domain.Aggregate.
func (r *Reservation) Apply(e domain.Event) {
	switch e := e.(type) {
	case Reserved:
		r.Owner = e.Owner
	case Released:
		r.Owner = ""
	}
}

// Reserve takes the value for owner; taken by another, it answers ok false.
func (r *Reservation) Reserve(owner string) (events []domain.Event, ok bool) {
	switch r.Owner {
	case owner:
		return nil, true
	case "":
		return []domain.Event{Reserved{Owner: owner}}, true
	default:
		return nil, false
	}
}

// Release frees the value if owner holds it.
func (r *Reservation) Release(owner string) []domain.Event {
	if r.Owner != owner || strings.TrimSpace(owner) == "" {
		return nil
	}
	return []domain.Event{Released{Owner: owner}}
}
