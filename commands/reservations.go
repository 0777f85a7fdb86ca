package commands

import (
	"move/domain"
	"move/domain/reservation"
)

// reserve takes value within scope for owner, in the same atomic append as the
// command's other events; taken by another owner, it is a field error on field.
func (u *unit) reserve(scope, field, owner, value string) error {
	return u.reserveIn(reservation.Stream(scope, value), field, owner)
}

// release frees value within scope if owner holds it.
func (u *unit) release(scope, owner, value string) error {
	return u.releaseIn(reservation.Stream(scope, value), owner)
}

// reservePersonal is reserve for a personal value (an e-mail address): its stream is
// named by the value's keyed digest. A value reserved before keyed names existed holds
// its unkeyed stream: taken there by another owner, it is taken (decision 0511).
func (u *unit) reservePersonal(scope, field, owner, value string) error {
	if err := u.checkFree(reservation.Stream(scope, value), field, owner); err != nil {
		return err
	}
	return u.reserveIn(reservation.KeyedStream(scope, u.r.vault.Name(value)), field, owner)
}

// releasePersonal frees a personal value, in its keyed stream and, if owner holds it
// there, its unkeyed one.
func (u *unit) releasePersonal(scope, owner, value string) error {
	if err := u.releaseIn(reservation.Stream(scope, value), owner); err != nil {
		return err
	}
	return u.releaseIn(reservation.KeyedStream(scope, u.r.vault.Name(value)), owner)
}

func (u *unit) reserveIn(stream, field, owner string) error {
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	events, ok := r.Reserve(owner)
	if !ok {
		return taken(field)
	}
	return u.append(stream, &r, events...)
}

// checkFree refuses a value another owner holds in stream, without reserving it there.
func (u *unit) checkFree(stream, field, owner string) error {
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	if r.Owner != "" && r.Owner != owner {
		return taken(field)
	}
	return nil
}

func (u *unit) releaseIn(stream, owner string) error {
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	return u.append(stream, &r, r.Release(owner)...)
}

func taken(field string) error {
	v := &domain.ValidationError{}
	v.Add(field, "validation.unique", nil)
	return v
}
