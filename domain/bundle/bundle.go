package bundle

import (
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/booking"
	"move/domain/bounds"
	"move/domain/names"
	"move/domain/rate"
	"move/domain/series"
)

// MaxNameLength is the longest bundle name.
const MaxNameLength = 150

// Bundle is one bundle: the aggregate of its stream.
type Bundle struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	ActivityID     string
	Exists         bool
	Deleted        bool
	Fields         Fields
	// SeriesIDs are the series whose sessions the bundle's participants take part in.
	SeriesIDs []string
	Bookings  map[string]*booking.Booking
	// Waiting is the bundle's waiting list in arrival order (booking ids).
	Waiting []string
	// CheckedIn is when each booking was checked in, per session.
	CheckedIn map[string]map[string]time.Time
}

// New is the bundle with id, before its events are applied.
func New(id string) *Bundle {
	return &Bundle{ID: id, Bookings: map[string]*booking.Booking{}, CheckedIn: map[string]map[string]time.Time{}}
}

// Apply implements domain.Aggregate.
func (b *Bundle) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		b.Exists, b.ApplicationID, b.OrganizationID, b.ActivityID, b.Fields = true, e.ApplicationID, e.OrganizationID, e.ActivityID, e.Fields
	case Changed:
		b.Fields = e.Fields
	case Deleted:
		b.Deleted = true
	case SeriesAdded:
		b.SeriesIDs = append(b.SeriesIDs, e.SeriesID)
	case Booked:
		b.Bookings[e.BookingID] = &booking.Booking{ID: e.BookingID, CustomerID: e.CustomerID, Participant: e.Participant,
			Answers: e.Answers, Status: e.Status, Attendance: booking.AttendanceNone, Language: e.Language}
		if e.Status == booking.StatusWaitlisted {
			b.Waiting = append(b.Waiting, e.BookingID)
		}
	case BookingCancelled:
		b.set(e.BookingID, booking.StatusCancelled)
	case BookingConfirmed:
		b.set(e.BookingID, booking.StatusConfirmed)
	case Promoted:
		b.set(e.BookingID, e.Status)
		if x := b.Bookings[e.BookingID]; x != nil {
			x.Promoted = true
		}
	case Notified:
		if x := b.Bookings[e.BookingID]; x != nil {
			x.Notified = true
		}
	case CheckedIn:
		if b.CheckedIn[e.BookingID] == nil {
			b.CheckedIn[e.BookingID] = map[string]time.Time{}
		}
		b.CheckedIn[e.BookingID][e.SessionID] = e.At
	}
}

func (b *Bundle) set(id, status string) {
	x := b.Bookings[id]
	if x == nil {
		return
	}
	x.Status = status
	if status != booking.StatusWaitlisted {
		b.Waiting = slices.DeleteFunc(b.Waiting, func(w string) bool { return w == id })
	}
}

// VisibleIn tells whether the bundle exists in the application: another application's
// bundle is not found, like one that never existed.
func (b *Bundle) VisibleIn(applicationID string) bool {
	return b.Exists && !b.Deleted && b.ApplicationID == applicationID
}

func (b *Bundle) mustBeIn(applicationID string) error {
	if !b.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "bundle", ID: b.ID}
	}
	return nil
}

// Taken counts the spots held or confirmed.
func (b *Bundle) Taken() int {
	n := 0
	for _, x := range b.Bookings {
		if x.HasSpot() {
			n++
		}
	}
	return n
}

// CleanFields validates a bundle's fields at now. The start date lies in the calendar
// window (package bounds) unless it is the one the bundle has (was; "" for a new one):
// an old bundle keeps its start when its name changes.
func CleanFields(f Fields, was string, now time.Time) (Fields, error) {
	var v domain.ValidationError
	f.Name = names.Required(&v, "name", f.Name, MaxNameLength)
	if f.Spots < 1 || f.Spots > series.MaxSpots {
		v.Add("spots", "session.spots", map[string]any{"max": series.MaxSpots})
	}
	if d, err := time.Parse(time.DateOnly, f.StartDate); err != nil {
		v.Add("start_date", "validation.date", nil)
	} else if f.StartDate != was {
		bounds.Date(&v, "start_date", d, now)
	}
	if f.PriceCents < 0 || f.PriceCents > rate.MaxPriceCents {
		v.Add("price_cents", "rate.price_range", map[string]any{"max": rate.MaxPriceCents / 100})
	}
	if f.RateID != nil {
		if *f.RateID == "" {
			f.RateID = nil
		} else if id, err := uuid.Parse(*f.RateID); err != nil {
			v.Add("rate_id", "validation.invalid", nil)
		} else {
			canonical := id.String()
			f.RateID = &canonical
		}
	}
	return f, v.OrNil()
}

// Create decides a new bundle of a bundle activity (the caller checks the activity's
// type and the rate).
func (b *Bundle) Create(applicationID, organizationID, activityID string, f Fields, now time.Time) ([]domain.Event, error) {
	if b.Exists {
		return nil, &domain.ConflictError{Key: "bundle.exists"}
	}
	f, err := CleanFields(f, "", now)
	if err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, ActivityID: activityID, Fields: f}}, nil
}

// Change decides new fields; more spots go to the waiting list at once, in the same
// append. Fewer spots than are taken keep the bookings (nobody loses a spot).
func (b *Bundle) Change(applicationID string, f Fields, o booking.Offer, now time.Time) ([]domain.Event, error) {
	if err := b.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	f, err := CleanFields(f, b.Fields.StartDate, now)
	if err != nil {
		return nil, err
	}
	if f.Name == b.Fields.Name && f.Spots == b.Fields.Spots && f.StartDate == b.Fields.StartDate &&
		f.PriceCents == b.Fields.PriceCents && eqID(f.RateID, b.Fields.RateID) {
		return nil, nil
	}
	o.Spots = f.Spots
	return append([]domain.Event{Changed{Fields: f}}, b.promote(o)...), nil
}

// Delete decides the bundle's removal.
func (b *Bundle) Delete(applicationID string) ([]domain.Event, error) {
	if err := b.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

// AddSeries decides that a new series of the bundle's activity belongs to the bundle.
func (b *Bundle) AddSeries(applicationID, seriesID string) ([]domain.Event, error) {
	if err := b.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if slices.Contains(b.SeriesIDs, seriesID) {
		return nil, nil
	}
	return []domain.Event{SeriesAdded{SeriesID: seriesID}}, nil
}

// Offer is what the bundle's bookings are decided against: the bundle's spots and
// start, with the activity's settings, age range and questions in base.
func (b *Bundle) Offer(base booking.Offer, start time.Time) booking.Offer {
	base.ApplicationID, base.OrganizationID, base.ActivityID = b.ApplicationID, b.OrganizationID, b.ActivityID
	base.SessionID, base.Exists = "", b.Exists && !b.Deleted
	base.Date, base.Start, base.Spots = b.Fields.StartDate, start, b.Fields.Spots
	base.SubscribeFrom, base.SubscribeUntil = nil, nil
	base.PaymentRequired = b.Fields.PriceCents > 0
	return base
}

// Book decides a booking of the bundle: a spot while spots are left and nobody waits,
// else the waiting list when the activity has one. Customers book until the bundle
// starts (o.Start); staff adding by hand also later.
func (b *Bundle) Book(o booking.Offer, in booking.Request, now time.Time) ([]domain.Event, error) {
	if !o.Exists || o.ApplicationID != b.ApplicationID {
		return nil, &domain.NotFoundError{Kind: "bundle", ID: b.ID}
	}
	if _, exists := b.Bookings[in.BookingID]; exists {
		return nil, &domain.ConflictError{Key: "booking.exists"}
	}
	if o.NoSignupRequired {
		return nil, &domain.ConflictError{Key: "booking.no_signup_required"}
	}
	if in.CustomerID != "" {
		for _, x := range b.Bookings {
			if x.CustomerID == in.CustomerID && x.Live() {
				return nil, &domain.ConflictError{Key: "booking.already_booked"}
			}
		}
	}
	in, err := booking.Check(o, in, now)
	var closed *domain.ConflictError
	if errors.As(err, &closed) && closed.Key == "booking.window_closed" {
		return nil, &domain.ConflictError{Key: "bundle.started"}
	}
	if err != nil {
		return nil, err
	}
	status := booking.StatusConfirmed
	if o.PaymentRequired && !in.ByStaff {
		status = booking.StatusHeld
	}
	if b.Taken() >= o.Spots || len(b.Waiting) > 0 {
		if !o.HasWaitlist {
			return nil, &domain.ConflictError{Key: "bundle.full", Params: map[string]any{"spots": o.Spots}}
		}
		status = booking.StatusWaitlisted
	}
	return []domain.Event{Booked{BookingID: in.BookingID, Subject: booking.Subject(in.BookingID), ApplicationID: b.ApplicationID,
		OrganizationID: b.OrganizationID, ActivityID: b.ActivityID, CustomerID: in.CustomerID, Participant: in.Participant,
		Answers: in.Answers, Status: status, ByStaff: in.ByStaff, Language: in.Language}}, nil
}

// live answers the bundle's booking that still counts, or why not.
func (b *Bundle) live(id string) (*booking.Booking, error) {
	x := b.Bookings[id]
	if x == nil {
		return nil, &domain.NotFoundError{Kind: "booking", ID: id}
	}
	if !x.Live() {
		return nil, &domain.ConflictError{Key: "booking.cancelled"}
	}
	return x, nil
}

// Confirm makes a held spot the participant's (its order paid); a confirmed one stays.
func (b *Bundle) Confirm(id string) ([]domain.Event, error) {
	x, err := b.live(id)
	if err != nil {
		return nil, err
	}
	switch x.Status {
	case booking.StatusConfirmed:
		return nil, nil
	case booking.StatusWaitlisted:
		return nil, &domain.ConflictError{Key: "booking.waitlisted"}
	}
	return []domain.Event{BookingConfirmed{BookingID: id}}, nil
}

// Cancel decides a cancellation; a spot it frees goes to the first of the waiting list
// in the same append (no process is needed: one stream, one decision).
func (b *Bundle) Cancel(id string, o booking.Offer, byStaff bool, now time.Time) ([]domain.Event, error) {
	x, err := b.live(id)
	if err != nil {
		return nil, err
	}
	out := []domain.Event{BookingCancelled{BookingID: id, FromStatus: x.Status, ByStaff: byStaff, At: now}}
	after := *b
	after.Bookings = map[string]*booking.Booking{}
	for k, v := range b.Bookings {
		c := *v
		after.Bookings[k] = &c
	}
	after.Waiting = slices.Clone(b.Waiting)
	after.Apply(out[0])
	return append(out, after.promote(o)...), nil
}

// promote gives free spots to the waiting list in arrival order.
func (b *Bundle) promote(o booking.Offer) []domain.Event {
	free := o.Spots - b.Taken()
	status := booking.StatusConfirmed
	if o.PaymentRequired {
		status = booking.StatusHeld
	}
	var out []domain.Event
	for _, id := range b.Waiting {
		if free <= 0 {
			break
		}
		out = append(out, Promoted{BookingID: id, Status: status})
		free--
	}
	return out
}

// Notify decides that a promoted participant was told; nothing when they were, or when
// the booking no longer holds its spot (nothing to tell), as a session's (0801).
func (b *Bundle) Notify(id string) []domain.Event {
	x := b.Bookings[id]
	if x == nil || !x.Promoted || x.Notified || !x.HasSpot() {
		return nil
	}
	return []domain.Event{Notified{BookingID: id, Reason: "promoted"}}
}

// CheckIn marks a participant present at one session of the bundle (of seriesID), once
// per session: a second scan is refused with the time of the first.
func (b *Bundle) CheckIn(applicationID, id, seriesID, sessionID string, now time.Time) ([]domain.Event, error) {
	if err := b.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	if !slices.Contains(b.SeriesIDs, seriesID) {
		return nil, &domain.NotFoundError{Kind: "session", ID: sessionID}
	}
	x, err := b.live(id)
	if err != nil {
		return nil, err
	}
	if !x.HasSpot() {
		return nil, &domain.ConflictError{Key: "booking.waitlisted"}
	}
	if at, done := b.CheckedIn[id][sessionID]; done {
		return nil, &domain.ConflictError{Key: "booking.already_checked_in", Params: map[string]any{"at": at}}
	}
	return []domain.Event{CheckedIn{BookingID: id, SessionID: sessionID, At: now}}, nil
}

func eqID(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
