package commands

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/closure"
	"move/domain/location"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/series"
)

// ClosureActor is the actor of a closure's sessions closed by the process after the
// request that planned it stopped.
const ClosureActor = "process:closures"

// ClosureRequest is a closure asked for: the organisation (and one of its locations,
// when set), the range and reason, the application's time zone the days are in, and
// the sessions the read model found in the range — candidates the command checks
// again on their own streams.
type ClosureRequest struct {
	OrganizationID string
	LocationID     string
	Range          closure.Range
	Zone           string
	Candidates     []closure.SessionRef
	// Bundles are the bundles the read model holds for each candidate's series (series id
	// → bundle ids): candidates too, each checked on its own stream (decision 1770).
	Bundles BundleIndex
}

// BundleIndex names the bundles whose series include a series: series id → bundle ids.
// The read model's answer (readmodel.bundles.series_ids); the command keeps only the
// bundles whose own stream holds the series, in the session's organisation.
type BundleIndex map[string][]string

// ClosureOutcome is what a closure did: the sessions closed and skipped, and the
// bookings it cancelled, and the bundle bookings that held a closed session (kept).
type ClosureOutcome struct {
	Result
	Sessions, Skipped, Bookings, BundleBookings int
}

// PlanClosure records a closure of the sessions in a range (decision 1660) and closes
// them at once (CloseSessions). The closure id derives from the command id: a retry
// finds it planned and goes on closing what is left.
func (a *App) PlanClosure(ctx context.Context, meta Meta, in ClosureRequest) (ClosureOutcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("closure")).String()
	loc, err := time.LoadLocation(in.Zone)
	if err != nil {
		return ClosureOutcome{}, err
	}
	res, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		c := closure.New(id)
		if err := u.load(closure.Stream(id), c); err != nil {
			return err
		}
		if c.Exists {
			return nil
		}
		rng, err := closure.Clean(in.Range, loc, u.now)
		if err != nil {
			return err
		}
		if err := u.closureScope(in.OrganizationID, in.LocationID); err != nil {
			return err
		}
		sessions, err := u.sessionsToClose(in, rng)
		if err != nil {
			return err
		}
		events, err := c.Plan(meta.ApplicationID, in.OrganizationID, in.LocationID, rng, sessions)
		if err != nil {
			return err
		}
		return u.append(closure.Stream(id), c, events...)
	})
	if err != nil {
		return ClosureOutcome{}, err
	}
	out, err := a.CloseSessions(ctx, meta, id, in.Bundles)
	if out.Position.Less(res.Position) {
		out.Position = res.Position
	}
	out.ID = id
	return out, err
}

// closureScope checks the organisation (and location) a closure is for.
func (u *unit) closureScope(organizationID, locationID string) error {
	o := organization.New(organizationID)
	if canonicalID(organizationID) == "" {
		return &domain.NotFoundError{Kind: "organization", ID: organizationID}
	}
	if err := u.load(organization.Stream(organizationID), o); err != nil {
		return err
	}
	if !o.VisibleIn(u.meta.ApplicationID) {
		return &domain.NotFoundError{Kind: "organization", ID: organizationID}
	}
	u.meta.OrganizationID = organizationID
	if locationID == "" {
		return nil
	}
	l := location.New(locationID)
	if canonicalID(locationID) == "" {
		return &domain.NotFoundError{Kind: "location", ID: locationID}
	}
	if err := u.load(location.Stream(locationID), l); err != nil {
		return err
	}
	if !l.VisibleIn(u.meta.ApplicationID) || l.OrganizationID != organizationID {
		return &domain.NotFoundError{Kind: "location", ID: locationID}
	}
	return nil
}

// sessionsToClose keeps the candidates that are, on their own streams, sessions of the
// organisation (at the location, when one is named) in the range that have not begun.
func (u *unit) sessionsToClose(in ClosureRequest, rng closure.Range) ([]closure.SessionRef, error) {
	if len(in.Candidates) > closure.MaxSessions {
		var v domain.ValidationError
		v.Add("until", "closure.too_many_sessions", map[string]any{"max": closure.MaxSessions})
		return nil, v.OrNil()
	}
	seriesByID := map[string]*series.Series{}
	locationOf := map[string]string{}
	seen := map[string]bool{}
	var out []closure.SessionRef
	for _, ref := range in.Candidates {
		if canonicalID(ref.SeriesID) == "" || canonicalID(ref.SessionID) == "" || seen[ref.SessionID] {
			continue
		}
		s := seriesByID[ref.SeriesID]
		if s == nil {
			s = series.New(ref.SeriesID)
			if err := u.load(series.Stream(ref.SeriesID), s); err != nil {
				return nil, err
			}
			seriesByID[ref.SeriesID] = s
		}
		if !s.Exists || s.ApplicationID != u.meta.ApplicationID || s.OrganizationID != in.OrganizationID {
			continue
		}
		o, found := s.Find(ref.SessionID)
		if !found || o.ID != ref.SessionID || !o.Start.After(u.now) || o.Session.Date < rng.From || o.Session.Date > rng.Until {
			continue
		}
		if in.LocationID != "" {
			at, known := locationOf[s.ActivityID]
			if !known {
				x := activity.New(s.ActivityID)
				if err := u.load(activity.Stream(s.ActivityID), x); err != nil {
					return nil, err
				}
				if x.LocationID != nil {
					at = *x.LocationID
				}
				locationOf[s.ActivityID] = at
			}
			if at != in.LocationID {
				continue
			}
		}
		seen[ref.SessionID] = true
		out = append(out, ref)
	}
	return out, nil
}

// CloseSessions closes every session of a closure not closed yet, one session at a
// time: its live bookings (spots and waiting list) cancelled with a full refund of what
// was paid and not yet refunded, and the session cancelled, appended at once with the
// closure's record of it. Each session is its own idempotent command (its id derives
// from the closure and the session), so a retry — the request's or the process's —
// closes what is left and nothing twice. bundles names the bundles of each session's
// series: their bookings with a spot are recorded with the session (kept, to be told).
func (a *App) CloseSessions(ctx context.Context, meta Meta, closureID string, bundles BundleIndex) (ClosureOutcome, error) {
	var out ClosureOutcome
	c, err := a.loadClosure(ctx, meta.ApplicationID, closureID)
	if err != nil {
		return out, err
	}
	for _, ref := range c.Sessions {
		if c.Closed[ref.SessionID] {
			continue
		}
		step := meta
		step.CommandID = uuid.NewSHA1(uuid.MustParse(closureID), []byte("session/"+ref.SessionID))
		closed, err := a.closeSession(ctx, step, closureID, ref, bundles[ref.SeriesID])
		if out.Position.Less(closed.Position) {
			out.Result = closed.Result
		}
		if err != nil {
			return out, err
		}
	}
	if c, err = a.loadClosure(ctx, meta.ApplicationID, closureID); err != nil {
		return out, err
	}
	out.Sessions, out.Skipped, out.Bookings, out.BundleBookings = c.ClosedCount, c.SkippedCount, c.BookingCount, c.BundleBookingCount
	out.ID = closureID
	return out, nil
}

// closedSession is one session's closing: where it landed and the euro refunds to send.
type closedSession struct {
	Result
	refunds   map[string]string // order id → refund id
	cancelled []string          // booking ids
}

func (a *App) closeSession(ctx context.Context, meta Meta, closureID string, ref closure.SessionRef, bundles []string) (closedSession, error) {
	out := closedSession{refunds: map[string]string{}}
	unlock := a.bookings.lock(ref.SessionID)
	res, err := a.run.execute(ctx, meta, closureID, func(u *unit) error {
		clear(out.refunds)
		c := closure.New(closureID)
		if err := u.load(closure.Stream(closureID), c); err != nil {
			return err
		}
		if !c.VisibleIn(meta.ApplicationID) {
			return &domain.NotFoundError{Kind: "closure", ID: closureID}
		}
		u.meta.OrganizationID = c.OrganizationID
		s := series.New(ref.SeriesID)
		if err := u.load(series.Stream(ref.SeriesID), s); err != nil {
			return err
		}
		o, found := s.Find(ref.SessionID)
		if !found || o.ID != ref.SessionID {
			return u.append(closure.Stream(closureID), c, c.CloseSession(ref, nil, nil, closure.SkippedGone)...)
		}
		if !o.Start.After(u.now) {
			return u.append(closure.Stream(closureID), c, c.CloseSession(ref, nil, nil, closure.SkippedStarted)...)
		}
		bs := booking.New(ref.SessionID)
		if err := u.load(booking.Stream(ref.SessionID), bs); err != nil {
			return err
		}
		var cancelled []string
		for id, b := range bs.Bookings {
			if b.Live() {
				cancelled = append(cancelled, id)
			}
		}
		slices.Sort(cancelled)
		out.cancelled = cancelled
		full := func(int) int { return 100 }
		var cancellations []domain.Event
		for _, id := range cancelled {
			events, err := bs.Cancel(id, full, o.Start, u.now, true)
			if err != nil {
				return err
			}
			cancellations = append(cancellations, events...) // each booking's decision is its own: applied together below
			refundID, err := u.orderCancelled(id, events[0].(booking.Cancelled).RefundPercent, "session closed: "+c.Reason)
			if err != nil {
				return err
			}
			if refundID != "" {
				out.refunds[order.ID(id)] = refundID
			}
		}
		if err := u.append(booking.Stream(ref.SessionID), bs, cancellations...); err != nil {
			return err
		}
		events, err := s.CancelOne(meta.ApplicationID, ref.SessionID, u.now)
		if err != nil {
			return err
		}
		if err := u.append(series.Stream(ref.SeriesID), s, events...); err != nil {
			return err
		}
		seats, err := u.bundleSeats(c.OrganizationID, ref.SeriesID, bundles)
		if err != nil {
			return err
		}
		return u.append(closure.Stream(closureID), c, c.CloseSession(ref, cancelled, seats, "")...)
	})
	unlock()
	out.Result = res
	if err != nil {
		return out, err
	}
	for orderID, refundID := range out.refunds { // a euro refund goes to the provider now (or by the payments process)
		if _, err := a.afterRefund(ctx, res, orderID, refundID); err != nil {
			return out, err
		}
	}
	for _, id := range out.cancelled { // an open payment of a cancelled order is cancelled there too
		if err := a.cancelAtProvider(ctx, order.ID(id)); err != nil {
			return out, err
		}
	}
	return out, nil
}

// bundleSeats are the bookings with a spot (held or confirmed) of the bundles, among
// the candidates, that hold the series in the organisation: their participants take
// part in the closed session. The bundles are only read: a bundle keeps its bookings,
// without the closed session, and nothing of it is refunded (decision 1711). In the
// order of the bundle and booking ids, so a retry records the same list.
func (u *unit) bundleSeats(organizationID, seriesID string, candidates []string) ([]closure.BundleSeat, error) {
	var seats []closure.BundleSeat
	seen := map[string]bool{}
	for _, id := range candidates {
		if canonicalID(id) == "" || seen[id] {
			continue
		}
		seen[id] = true
		b := bundle.New(id)
		if err := u.load(bundle.Stream(id), b); err != nil {
			return nil, err
		}
		if !b.VisibleIn(u.meta.ApplicationID) || b.OrganizationID != organizationID || !slices.Contains(b.SeriesIDs, seriesID) {
			continue
		}
		for bookingID, x := range b.Bookings {
			if x.HasSpot() {
				seats = append(seats, closure.BundleSeat{BundleID: id, BookingID: bookingID})
			}
		}
	}
	slices.SortFunc(seats, func(x, y closure.BundleSeat) int {
		if x.BundleID != y.BundleID {
			return strings.Compare(x.BundleID, y.BundleID)
		}
		return strings.Compare(x.BookingID, y.BookingID)
	})
	return seats, nil
}

// ClosureNotice is what a participant of a closed session is told.
type ClosureNotice struct {
	BookingID    string
	ActivityName string
	Date         string
	StartTime    string
	Reason       string
	Participant  booking.Participant
	// Language is the language the participant booked in ("en", "nl"; empty when staff
	// added them or the booking predates booking.booked.v2): the mail's (decision 1711).
	Language string
	// BundleName is set when the participant holds the session through a bundle: their
	// bundle booking is kept, nothing is refunded (decision 1770).
	BundleName string
}

// NotifyClosure tells a participant whose booking a closure cancelled, through tell
// (the mail port), then records that they were told. A crash between the two tells
// them again (at least once); a recorded notice never repeats.
func (a *App) NotifyClosure(ctx context.Context, applicationID, closureID string, ref closure.SessionRef, bookingID string, tell func(ClosureNotice) error) (Result, error) {
	meta := Meta{ActorID: ClosureActor, ApplicationID: applicationID}
	unlock := a.bookings.lock(ref.SessionID)
	defer unlock()
	return a.run.execute(ctx, meta, ref.SessionID, func(u *unit) error {
		bs := booking.New(ref.SessionID)
		if err := u.load(booking.Stream(ref.SessionID), bs); err != nil {
			return err
		}
		events := bs.NotifyClosed(bookingID)
		if len(events) == 0 || bs.ApplicationID != applicationID {
			return nil
		}
		u.meta.OrganizationID = bs.OrganizationID
		c := closure.New(closureID)
		if err := u.load(closure.Stream(closureID), c); err != nil {
			return err
		}
		n, err := u.closureNotice(c, ref, bookingID)
		if err != nil {
			return err
		}
		b := bs.Bookings[bookingID]
		n.Participant, n.Language = b.Participant, b.Language
		if err := tell(n); err != nil {
			return err
		}
		return u.append(booking.Stream(ref.SessionID), bs, events...)
	})
}

// NotifyBundleClosure tells the participant of a bundle booking that held a closed
// session of the closure, through tell (the mail port), then records it on the
// closure's stream. At least once, never after the record: a holder is told once per
// closed session (decision 1770). A bundle booking that no longer holds a spot
// (cancelled, its hold released) since the closure recorded it is not told: the notice
// is recorded skipped instead, so the to-do list lets go of it whichever came first,
// the cancellation or the worker's pass (decision 1820).
func (a *App) NotifyBundleClosure(ctx context.Context, applicationID, closureID string, ref closure.SessionRef, bookingID string, tell func(ClosureNotice) error) (Result, error) {
	meta := Meta{ActorID: ClosureActor, ApplicationID: applicationID}
	return a.run.execute(ctx, meta, closureID, func(u *unit) error {
		c := closure.New(closureID)
		if err := u.load(closure.Stream(closureID), c); err != nil {
			return err
		}
		if !c.VisibleIn(applicationID) {
			return nil
		}
		seat, pending := c.PendingBundleSeat(ref.SessionID, bookingID)
		if !pending {
			return nil
		}
		u.meta.OrganizationID = c.OrganizationID
		b := bundle.New(seat.BundleID)
		if err := u.load(bundle.Stream(seat.BundleID), b); err != nil {
			return err
		}
		held := b.Bookings[bookingID]
		if held == nil || !held.HasSpot() {
			return u.append(closure.Stream(closureID), c, c.SkipBundleHolder(ref.SessionID, bookingID)...)
		}
		n, err := u.closureNotice(c, ref, bookingID)
		if err != nil {
			return err
		}
		n.Participant, n.Language, n.BundleName = held.Participant, held.Language, b.Fields.Name
		if err := tell(n); err != nil {
			return err
		}
		return u.append(closure.Stream(closureID), c, c.NotifyBundleHolder(ref.SessionID, bookingID)...)
	})
}

// closureNotice is what every participant of a closed session is told, whatever they
// held it by: the activity's name, the session's day and start time (read from the
// series, which keeps a cancelled occurrence) and the closure's reason.
func (u *unit) closureNotice(c *closure.Closure, ref closure.SessionRef, bookingID string) (ClosureNotice, error) {
	s := series.New(ref.SeriesID)
	if err := u.load(series.Stream(ref.SeriesID), s); err != nil {
		return ClosureNotice{}, err
	}
	x := activity.New(s.ActivityID)
	if err := u.load(activity.Stream(s.ActivityID), x); err != nil {
		return ClosureNotice{}, err
	}
	n := ClosureNotice{BookingID: bookingID, ActivityName: x.Details.Name, Reason: c.Reason}
	if session, ok := s.Occurrence(ref.SessionID); ok {
		n.Date, n.StartTime = session.Date, session.StartTime
	}
	return n, nil
}

func (a *App) loadClosure(ctx context.Context, applicationID, id string) (*closure.Closure, error) {
	c := closure.New(id)
	_, err := a.run.execute(ctx, Meta{ApplicationID: applicationID}, id, func(u *unit) error {
		return u.load(closure.Stream(id), c)
	})
	if err != nil {
		return nil, err
	}
	if !c.VisibleIn(applicationID) {
		return nil, &domain.NotFoundError{Kind: "closure", ID: id}
	}
	return c, nil
}
