package commands

import (
	"context"
	"hash/fnv"
	"sync"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/identity"
	"move/domain/order"
	"move/domain/organization"
	"move/domain/rate"
	"move/domain/series"
)

// PromotionActor is the actor of promotions from a waiting list: a step of the system.
const PromotionActor = "process:waitlist-promotion"

// SessionRef names a session by its series and its id (the read model knows both).
// ActivityID, when known, is a hint: the activity is read ahead with the series
// (prefetch), while the decision still follows the series' own activity.
type SessionRef struct {
	SeriesID   string
	SessionID  string
	ActivityID string
}

// bookingLocks serialise the bookings of one session inside this process: the stream's
// version already makes two bookings of the last spot impossible, the lock spares a
// crowd of bookers a storm of version conflicts (decision 0800). Striped, so the set
// of locks never grows; sessions sharing a stripe only wait for each other briefly.
type bookingLocks [256]sync.Mutex

func (l *bookingLocks) stripe(sessionID string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(sessionID))
	return h.Sum32() % uint32(len(l))
}

// lockBoth takes two sessions' stripes in ascending order, so two opposite moves
// cannot wait for each other.
func (l *bookingLocks) lockBoth(a, b string) func() {
	first, second := l.stripe(a), l.stripe(b)
	if second < first {
		first, second = second, first
	}
	l[first].Lock()
	if second != first {
		l[second].Lock()
	}
	return func() {
		if second != first {
			l[second].Unlock()
		}
		l[first].Unlock()
	}
}

func (l *bookingLocks) lock(sessionID string) func() {
	m := &l[l.stripe(sessionID)]
	m.Lock()
	return m.Unlock
}

// offer is a session and what its bookings are decided against.
type offer struct {
	booking.Offer
	activityName string
	term         *rate.Term
	// details and price are what an order of the session is placed from (orders.go):
	// price is nil without a rate (or one outside the application).
	details activity.Details
	price   *rate.Rate
	// bundleOnly: the session is a bundle activity's; customers book the bundle (0810).
	bundleOnly bool
}

// offerStreams are the streams of a session a booking decision reads first, known from
// its reference alone: its series, its bookings and, when named, its activity (prefetch).
func (u *unit) offerStreams(ref SessionRef) []string {
	if canonicalID(ref.SeriesID) == "" || canonicalID(ref.SessionID) == "" {
		return nil
	}
	streams := []string{series.Stream(ref.SeriesID), booking.Stream(ref.SessionID)}
	if canonicalID(ref.ActivityID) != "" {
		streams = append(streams, activity.Stream(ref.ActivityID))
	}
	return streams
}

// keptOfferStreams are the streams of a session's offer that only its series and
// activity name (organisation, rate, cancellation term), as far as the runner's cache
// knows them (decision 1720): read ahead with the rest, so a booking of an offer the
// server has seen reads everything in one round trip. A guess only: a stream the
// offer no longer names is read and not used, one it names newly is loaded by itself.
func (u *unit) keptOfferStreams(ref SessionRef) []string {
	if canonicalID(ref.SeriesID) == "" {
		return nil
	}
	s := series.New(ref.SeriesID)
	if !u.r.cache.peek(series.Stream(ref.SeriesID), s) || s.OrganizationID == "" {
		return nil
	}
	streams := []string{organization.Stream(s.OrganizationID)}
	x := activity.New(s.ActivityID)
	if !u.r.cache.peek(activity.Stream(s.ActivityID), x) {
		return streams
	}
	if ref.ActivityID != s.ActivityID {
		streams = append(streams, activity.Stream(s.ActivityID))
	}
	term := x.Details.CancellationTermID
	if x.Details.RateID != nil {
		streams = append(streams, rate.Stream(*x.Details.RateID))
		r := rate.New(*x.Details.RateID)
		if term == nil && u.r.cache.peek(rate.Stream(r.ID), r) {
			term = r.Fields.CancellationTermID
		}
	}
	if term != nil {
		streams = append(streams, rate.TermStream(*term))
	}
	return streams
}

// loadOffer reads the session's series, its activity, rate and cancellation term
// (without appending to them) and answers the offer as they are now.
func (u *unit) loadOffer(ref SessionRef) (offer, error) {
	notFound := &domain.NotFoundError{Kind: "session", ID: ref.SessionID}
	if canonicalID(ref.SeriesID) == "" || canonicalID(ref.SessionID) == "" {
		return offer{}, notFound
	}
	s := series.New(ref.SeriesID)
	if err := u.load(series.Stream(ref.SeriesID), s); err != nil {
		return offer{}, err
	}
	if !s.Exists || s.ApplicationID != u.meta.ApplicationID {
		return offer{}, notFound
	}
	occ, found := s.Find(ref.SessionID)
	if !found || occ.ID != ref.SessionID {
		return offer{}, notFound
	}
	x := activity.New(s.ActivityID)
	if err := u.load(activity.Stream(s.ActivityID), x); err != nil {
		return offer{}, err
	}
	if !x.VisibleIn(u.meta.ApplicationID) {
		return offer{}, notFound
	}
	bundleOnly := x.Type == activity.TypeBundle
	o := offer{bundleOnly: bundleOnly, Offer: booking.Offer{ApplicationID: s.ApplicationID, OrganizationID: s.OrganizationID, ActivityID: s.ActivityID,
		SessionID: occ.ID, Exists: true, Date: occ.Session.Date, Start: occ.Start, Spots: occ.Session.Spots,
		SubscribeFrom: occ.SubscribeFrom, SubscribeUntil: occ.SubscribeUntil, HasWaitlist: x.Settings.HasWaitlist,
		ShouldValidateAge: x.Settings.ShouldValidateAge, NoSignupRequired: x.Settings.NoSignupRequired,
		AgeMin: x.Details.AgeMin, AgeMax: x.Details.AgeMax}, activityName: x.Details.Name, details: x.Details}
	for _, q := range x.Questions {
		o.Questions = append(o.Questions, booking.Question{ID: q.ID, Type: q.Type, Required: q.Required, Options: q.Options})
	}
	termID := x.Details.CancellationTermID
	if x.Details.RateID != nil {
		r := rate.New(*x.Details.RateID)
		if err := u.load(rate.Stream(r.ID), r); err != nil {
			return offer{}, err
		}
		if r.VisibleIn(u.meta.ApplicationID) {
			o.PaymentRequired = r.Fields.PriceCents > 0
			o.price = r
			if termID == nil {
				termID = r.Fields.CancellationTermID
			}
		}
	}
	if termID != nil {
		t := rate.NewTerm(*termID)
		if err := u.load(rate.TermStream(t.ID), t); err != nil {
			return offer{}, err
		}
		if t.VisibleIn(u.meta.ApplicationID) {
			o.term = t
		}
	}
	u.meta.OrganizationID = s.OrganizationID
	return o, nil
}

// refund is the offer's cancellation term as a function of minutes before the start.
func (o offer) refund() func(int) int {
	if o.term == nil {
		return nil
	}
	return o.term.Fields.RefundPercent
}

// Booking is a booking asked for: by a customer (CustomerID) or by staff for a
// participant they add by hand.
type Booking struct {
	Session     SessionRef
	CustomerID  string
	Participant booking.Participant
	Answers     []booking.Answer
	ByStaff     bool
	// Language is the customer's language ("nl", "en"), kept for their mails (decision 1711).
	Language string
}

// Booked is a booking's outcome: its id and status (held, confirmed or waitlisted).
type Booked struct {
	Result
	BookingID string
	Status    string
}

// BookSession books a session: a spot while spots are left, else the waiting list when
// the activity has one. The booking id derives from the command id. The bookings of one
// session are decided in batches by its single writer (decision 1340).
func (a *App) BookSession(ctx context.Context, meta Meta, in Booking) (Booked, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("booking")).String()
	var status string
	req := &contended[*sessionState]{meta: meta, id: id, decide: func(u *unit, s *sessionState) error {
		if done := s.bookings.Bookings[id]; done != nil { // a retried command: the booking as it stands
			status = done.Status
			return nil
		}
		if !in.ByStaff && s.hidden != nil {
			return s.hidden
		}
		if in.CustomerID != "" {
			if s.offer.bundleOnly {
				return &domain.ConflictError{Key: "booking.bundle_only"}
			}
			if err := u.checkCustomer(meta.ApplicationID, in.CustomerID); err != nil {
				return err
			}
		}
		events, err := s.bookings.Book(s.offer.Offer, booking.Request{BookingID: id, CustomerID: in.CustomerID, Participant: in.Participant,
			Answers: in.Answers, ByStaff: in.ByStaff, Language: in.Language}, u.now)
		if err != nil {
			return err
		}
		if err := u.append(booking.Stream(s.bookings.ID), s.bookings, events...); err != nil {
			return err
		}
		status = s.bookings.Bookings[id].Status
		return nil
	}}
	if in.CustomerID != "" && canonicalID(in.CustomerID) != "" {
		req.readAhead = []string{identity.UserStream(in.CustomerID)}
	}
	res, err := a.sessions.write(ctx, sessionContention(meta.ApplicationID, in.Session), req)
	if err != nil {
		return Booked{}, err
	}
	return Booked{Result: res, BookingID: id, Status: status}, nil
}

// sessionState is what a session's bookings are decided on: its offer and its stream.
type sessionState struct {
	offer    offer
	bookings *booking.Session
	// hidden is why the public offer does not show the session (a draft activity, an
	// organisation not approved): customers may not book it, staff may (decision 1333).
	hidden error
}

// sessionContention is a session's queue of bookings in an application (decision 1340).
func sessionContention(applicationID string, ref SessionRef) contention[*sessionState] {
	return contention[*sessionState]{
		key:    applicationID + "\x00" + ref.SeriesID + "\x00" + ref.SessionID,
		lock:   ref.SessionID,
		stream: booking.Stream(ref.SessionID),
		// A booking's decision reads no participant's or customer's personal values.
		unopened:        true,
		begunByRequests: true,
		load: func(u *unit, readAhead []string) (*sessionState, error) {
			streams := append(u.offerStreams(ref), readAhead...)
			if err := u.prefetch(append(streams, u.keptOfferStreams(ref)...)...); err != nil {
				return nil, err
			}
			o, err := u.loadOffer(ref)
			if err != nil {
				return nil, err
			}
			sess := booking.New(o.SessionID)
			if err := u.load(booking.Stream(o.SessionID), sess); err != nil {
				return nil, err
			}
			hidden, err := publicOfferRefusal(u.checkInPublicOffer(&activity.Activity{OrganizationID: o.OrganizationID, Details: o.details}))
			if err != nil {
				return nil, err
			}
			return &sessionState{offer: o, bookings: sess, hidden: hidden}, nil
		},
	}
}

// onBookings loads a session's offer and bookings and runs a decision on them.
func (a *App) onBookings(ctx context.Context, meta Meta, ref SessionRef, decide func(*unit, offer, *booking.Session) error) (Result, error) {
	unlock := a.bookings.lock(ref.SessionID)
	defer unlock()
	return a.run.execute(ctx, meta, ref.SessionID, func(u *unit) error {
		if err := u.prefetch(u.offerStreams(ref)...); err != nil {
			return err
		}
		o, err := u.loadOffer(ref)
		if err != nil {
			return err
		}
		s := booking.New(o.SessionID)
		if err := u.load(booking.Stream(o.SessionID), s); err != nil {
			return err
		}
		return decide(u, o, s)
	})
}

// ConfirmBooking makes a held spot the participant's: the payment step's end.
func (a *App) ConfirmBooking(ctx context.Context, meta Meta, ref SessionRef, bookingID string) (Result, error) {
	return a.onBookings(ctx, meta, ref, func(u *unit, _ offer, s *booking.Session) error {
		events, err := s.Confirm(bookingID)
		if err != nil {
			return err
		}
		return u.append(booking.Stream(s.ID), s, events...)
	})
}

// CancelBooking cancels a booking, recording the refund percentage of the cancellation
// term at this moment. customerID, when set, must be the booking's customer.
func (a *App) CancelBooking(ctx context.Context, meta Meta, ref SessionRef, bookingID, customerID string) (Result, error) {
	var refundID string
	res, err := a.onBookings(ctx, meta, ref, func(u *unit, o offer, s *booking.Session) error {
		if b := s.Bookings[bookingID]; customerID != "" && (b == nil || b.CustomerID != customerID) {
			return &domain.NotFoundError{Kind: "booking", ID: bookingID}
		}
		events, err := s.Cancel(bookingID, o.refund(), o.Start, u.now, customerID == "")
		if err != nil {
			return err
		}
		if err := u.append(booking.Stream(s.ID), s, events...); err != nil {
			return err
		}
		refundID, err = u.orderOnCancel(bookingID, events[0].(booking.Cancelled).RefundPercent)
		return err
	})
	if err == nil && refundID != "" { // a euro refund goes to the provider now (or by the process)
		_, err = a.afterRefund(ctx, res, order.ID(bookingID), refundID)
	}
	if err == nil {
		err = a.cancelAtProvider(ctx, order.ID(bookingID))
	}
	return res, a.spotFreed(ctx, meta, ref, err)
}

// RemoveParticipant takes a participant off a session (staff).
func (a *App) RemoveParticipant(ctx context.Context, meta Meta, ref SessionRef, bookingID string) (Result, error) {
	res, err := a.onBookings(ctx, meta, ref, func(u *unit, _ offer, s *booking.Session) error {
		events, err := s.Remove(bookingID)
		if err != nil {
			return err
		}
		return u.append(booking.Stream(s.ID), s, events...)
	})
	return res, a.spotFreed(ctx, meta, ref, err)
}

// spotFreed is the fast path after a spot may have freed: the first of the waiting list
// gets it now. Should the process stop before, the waitlist process promotes them
// (processes/waitlist.go); both decide at the stream's version, so once.
func (a *App) spotFreed(ctx context.Context, meta Meta, ref SessionRef, err error) error {
	if err != nil {
		return err
	}
	if a.afterSpotFreed != nil {
		a.afterSpotFreed()
	}
	_, _, err = a.PromoteWaiting(ctx, meta.ApplicationID, meta.CorrelationID, ref)
	return err
}

// AfterSpotFreed sets the failpoint between freeing a spot and promoting from the
// waiting list. Only tests set it.
func (a *App) AfterSpotFreed(f func()) { a.afterSpotFreed = f }

// MarkAttendance records a participant's attendance (staff).
func (a *App) MarkAttendance(ctx context.Context, meta Meta, ref SessionRef, bookingID, attendance string) (Result, error) {
	return a.onBookings(ctx, meta, ref, func(u *unit, _ offer, s *booking.Session) error {
		events, err := s.MarkAttendance(bookingID, attendance, u.now)
		if err != nil {
			return err
		}
		return u.append(booking.Stream(s.ID), s, events...)
	})
}

// CheckedIn is a check-in's outcome: when, and whom (for the door's screen).
type CheckedIn struct {
	Result
	At                  time.Time
	FirstName, LastName string
}

// CheckIn marks a participant present from their QR code or short code (via), once.
func (a *App) CheckIn(ctx context.Context, meta Meta, ref SessionRef, bookingID, via string) (CheckedIn, error) {
	var out CheckedIn
	res, err := a.onBookings(ctx, meta, ref, func(u *unit, _ offer, s *booking.Session) error {
		events, err := s.CheckIn(bookingID, via, u.now)
		if err != nil {
			return err
		}
		b := s.Bookings[bookingID]
		out.At, out.FirstName, out.LastName = u.now, b.Participant.FirstName, b.Participant.LastName
		return u.append(booking.Stream(s.ID), s, events...)
	})
	out.Result = res
	return out, err
}

// MoveParticipant moves a booking to another session (of any activity of the
// application): both streams are appended at once, at the versions read.
func (a *App) MoveParticipant(ctx context.Context, meta Meta, from SessionRef, bookingID string, to SessionRef) (Result, error) {
	unlock := a.bookings.lockBoth(from.SessionID, to.SessionID)
	res, err := a.run.execute(ctx, meta, from.SessionID, func(u *unit) error {
		source, err := u.loadOffer(from)
		if err != nil {
			return err
		}
		s := booking.New(source.SessionID)
		if err := u.load(booking.Stream(s.ID), s); err != nil {
			return err
		}
		target, err := u.loadOffer(to)
		if err != nil {
			return err
		}
		t := booking.New(target.SessionID)
		if err := u.load(booking.Stream(t.ID), t); err != nil {
			return err
		}
		out, in, err := s.MoveTo(bookingID, t, target.Offer)
		if err != nil {
			return err
		}
		u.meta.OrganizationID = source.OrganizationID
		if err := u.append(booking.Stream(s.ID), s, out...); err != nil {
			return err
		}
		return u.append(booking.Stream(t.ID), t, in...)
	})
	unlock() // before the promotion, which takes the source's lock again
	return res, a.spotFreed(ctx, meta, from, err)
}

// PromoteWaiting gives a session's free spots to its waiting list in arrival order.
// Decided at the session stream's version, each promotion happens once however often
// this runs (the cancelling request, then the waitlist process after a crash).
func (a *App) PromoteWaiting(ctx context.Context, applicationID, correlationID string, ref SessionRef) (Result, []string, error) {
	meta := Meta{ActorID: PromotionActor, ApplicationID: applicationID, CorrelationID: correlationID}
	var promoted []string
	res, err := a.onBookings(ctx, meta, ref, func(u *unit, o offer, s *booking.Session) error {
		promoted = nil
		events := s.PromoteWaiting(o.Offer)
		for _, e := range events {
			promoted = append(promoted, e.(booking.Promoted).BookingID)
		}
		return u.append(booking.Stream(s.ID), s, events...)
	})
	return res, promoted, err
}

// Promotion is what a promoted participant is told.
type Promotion struct {
	BookingID    string
	ActivityName string
	Start        time.Time
	Participant  booking.Participant
}

// NotifyPromotion tells a promoted participant through tell (the mail port), then
// records that they were told. A crash between the two tells them again (at least
// once); a recorded notification never repeats.
func (a *App) NotifyPromotion(ctx context.Context, applicationID string, ref SessionRef, bookingID string, tell func(Promotion) error) (Result, error) {
	meta := Meta{ActorID: PromotionActor, ApplicationID: applicationID}
	return a.onBookings(ctx, meta, ref, func(u *unit, o offer, s *booking.Session) error {
		events := s.Notify(bookingID)
		if len(events) == 0 {
			return nil
		}
		b := s.Bookings[bookingID]
		if err := tell(Promotion{BookingID: bookingID, ActivityName: o.activityName, Start: o.Start, Participant: b.Participant}); err != nil {
			return err
		}
		return u.append(booking.Stream(s.ID), s, events...)
	})
}
