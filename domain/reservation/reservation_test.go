package reservation_test

import (
	"testing"

	"move/domain/reservation"
)

func TestReservationIsHeldByOneOwner(t *testing.T) {
	var r reservation.Reservation
	events, ok := r.Reserve("a")
	if !ok || len(events) != 1 {
		t.Fatalf("a free value is reserved: %v %v", events, ok)
	}
	r.Apply(events[0])
	if _, ok := r.Reserve("b"); ok {
		t.Fatal("a value held by a is refused to b")
	}
	if events, ok := r.Reserve("a"); !ok || events != nil {
		t.Fatal("the owner reserving again decides nothing")
	}
	if r.Release("b") != nil {
		t.Fatal("only the owner releases")
	}
	r.Apply(r.Release("a")[0])
	if _, ok := r.Reserve("b"); !ok {
		t.Fatal("a released value is free again")
	}
	if reservation.Stream("sport-name", " Beach  Volleyball") != reservation.Stream("sport-name", "beach volleyball") {
		t.Fatal("reservations compare names without case and spacing")
	}
}
