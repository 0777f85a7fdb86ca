package commands

import (
	"move/domain"
	"move/domain/reservation"
)

// reserve takes value within scope for owner, in the same atomic append as the
// command's other events; taken by another owner, it is a field error on field.
func (u *unit) reserve(scope, field, owner, value string) error {
	stream := reservation.Stream(scope, value)
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	events, ok := r.Reserve(owner)
	if !ok {
		v := &domain.ValidationError{}
		v.Add(field, "validation.unique", nil)
		return v
	}
	return u.append(stream, &r, events...)
}

// release frees value within scope if owner holds it.
func (u *unit) release(scope, owner, value string) error {
	stream := reservation.Stream(scope, value)
	var r reservation.Reservation
	if err := u.load(stream, &r); err != nil {
		return err
	}
	return u.append(stream, &r, r.Release(owner)...)
}
