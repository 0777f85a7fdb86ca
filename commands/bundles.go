package commands

import (
	"context"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
	"move/domain/identity"
	"move/domain/order"
	"move/domain/rate"
	"move/domain/series"
)

// loadBundleActivity reads the bundle activity a bundle belongs to: an activity of
// another type takes no bundles (spec §2: bundle routes only for bundle activities).
func (u *unit) loadBundleActivity(id string) (*activity.Activity, error) {
	x, err := u.loadActivity(id)
	if err != nil {
		return nil, err
	}
	if x.Type != activity.TypeBundle {
		return nil, &domain.ConflictError{Key: "activity.not_bundle"}
	}
	return x, nil
}

// checkBundleRate refuses a rate that is not the organisation's.
func (u *unit) checkBundleRate(organizationID string, id *string) error {
	if id == nil || *id == "" {
		return nil
	}
	if _, err := uuid.Parse(*id); err != nil {
		return nil // the bundle's own validation names the field
	}
	r := rate.New(*id)
	if err := u.load(rate.Stream(*id), r); err != nil {
		return err
	}
	if !r.VisibleIn(u.meta.ApplicationID) || r.OrganizationID != organizationID {
		v := &domain.ValidationError{}
		v.Add("rate_id", "validation.invalid", nil)
		return v
	}
	return nil
}

// CreateBundle adds a bundle to a bundle activity. The id derives from the command id.
func (a *App) CreateBundle(ctx context.Context, meta Meta, activityID string, f bundle.Fields) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("bundle")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		b := bundle.New(id)
		if err := u.load(bundle.Stream(id), b); err != nil {
			return err
		}
		x, err := u.loadBundleActivity(activityID)
		if err != nil {
			return err
		}
		if err := u.checkBundleRate(x.OrganizationID, f.RateID); err != nil {
			return err
		}
		events, err := b.Create(meta.ApplicationID, x.OrganizationID, activityID, f, u.now)
		if err != nil {
			return err
		}
		return u.append(bundle.Stream(id), b, events...)
	})
}

// bundleOffer is a bundle and what its bookings are decided against: the activity's
// settings, age range and questions, the bundle's spots, price and start (its start
// date's midnight in loc, the application's zone).
func (u *unit) bundleOffer(id string, loc *time.Location) (*bundle.Bundle, booking.Offer, error) {
	b := bundle.New(id)
	if canonicalID(id) == "" {
		return nil, booking.Offer{}, &domain.NotFoundError{Kind: "bundle", ID: id}
	}
	if err := u.load(bundle.Stream(id), b); err != nil {
		return nil, booking.Offer{}, err
	}
	if !b.VisibleIn(u.meta.ApplicationID) {
		return nil, booking.Offer{}, &domain.NotFoundError{Kind: "bundle", ID: id}
	}
	x := activity.New(b.ActivityID)
	if err := u.load(activity.Stream(b.ActivityID), x); err != nil {
		return nil, booking.Offer{}, err
	}
	base := booking.Offer{HasWaitlist: x.Settings.HasWaitlist, ShouldValidateAge: x.Settings.ShouldValidateAge,
		NoSignupRequired: x.Settings.NoSignupRequired, AgeMin: x.Details.AgeMin, AgeMax: x.Details.AgeMax}
	for _, q := range x.Questions {
		base.Questions = append(base.Questions, booking.Question{ID: q.ID, Type: q.Type, Required: q.Required, Options: q.Options})
	}
	if loc == nil {
		loc = time.UTC
	}
	day, _ := time.ParseInLocation(time.DateOnly, b.Fields.StartDate, loc)
	o := b.Offer(base, day)
	o.Exists = o.Exists && x.VisibleIn(u.meta.ApplicationID)
	u.meta.OrganizationID = b.OrganizationID
	return b, o, nil
}

// UpdateBundle replaces a bundle's fields; expected, when set, is the version the user
// edited. More spots promote from the waiting list in the same append.
func (a *App) UpdateBundle(ctx context.Context, meta Meta, id string, expected *uint64, f bundle.Fields) (Result, error) {
	unlock := a.bookings.lock(id)
	defer unlock()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		b, o, err := u.bundleOffer(id, nil)
		if err != nil {
			return err
		}
		if err := u.checkVersion(bundle.Stream(id), expected); err != nil {
			return err
		}
		if err := u.checkBundleRate(b.OrganizationID, f.RateID); err != nil {
			return err
		}
		o.PaymentRequired = f.PriceCents > 0
		events, err := b.Change(meta.ApplicationID, f, o, u.now)
		if err != nil {
			return err
		}
		return u.append(bundle.Stream(id), b, events...)
	})
}

// DeleteBundle removes a bundle; its bookings stay in its stream.
func (a *App) DeleteBundle(ctx context.Context, meta Meta, id string, expected *uint64) (Result, error) {
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		b, _, err := u.bundleOffer(id, nil)
		if err != nil {
			return err
		}
		if err := u.checkVersion(bundle.Stream(id), expected); err != nil {
			return err
		}
		events, err := b.Delete(meta.ApplicationID)
		if err != nil {
			return err
		}
		return u.append(bundle.Stream(id), b, events...)
	})
}

// CreateBundleSeries adds a series of sessions to the bundle's activity and to the
// bundle, both appended at once. The result names the series.
func (a *App) CreateBundleSeries(ctx context.Context, meta Meta, bundleID, zone string, sc series.Schedule) (Result, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("series")).String()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		s := series.New(id)
		if err := u.load(series.Stream(id), s); err != nil {
			return err
		}
		b, _, err := u.bundleOffer(bundleID, nil)
		if err != nil {
			return err
		}
		if _, err := u.loadBundleActivity(b.ActivityID); err != nil {
			return err
		}
		events, err := s.Create(meta.ApplicationID, b.OrganizationID, b.ActivityID, zone, sc, "", u.now)
		if err != nil {
			return err
		}
		if err := u.append(series.Stream(id), s, events...); err != nil {
			return err
		}
		added, err := b.AddSeries(meta.ApplicationID, id)
		if err != nil {
			return err
		}
		return u.append(bundle.Stream(bundleID), b, added...)
	})
}

// BundleBooking is a bundle booking asked for: by a customer, or by staff by hand.
type BundleBooking struct {
	BundleID    string
	CustomerID  string
	Participant booking.Participant
	Answers     []booking.Answer
	ByStaff     bool
	// Language is the customer's language ("nl", "en"), kept for their mails; empty for
	// staff booking by hand (decisions 1711, 1770).
	Language string
	// Zone is the application's time zone: the bundle starts at its start date's midnight there.
	Zone *time.Location
}

// BookBundle books a bundle: a spot while spots are left, else its waiting list when
// the activity has one. Decided at the bundle stream's version, a bundle is never
// over-used; the bookings of one bundle are decided in batches by its single writer
// (decision 1340). The booking id derives from the command id.
func (a *App) BookBundle(ctx context.Context, meta Meta, in BundleBooking) (Booked, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("booking")).String()
	var status string
	req := &contended[*bundleState]{meta: meta, id: id, decide: func(u *unit, s *bundleState) error {
		if done := s.bundle.Bookings[id]; done != nil { // a retried command: the booking as it stands
			status = done.Status
			return nil
		}
		if !in.ByStaff && s.hidden != nil {
			return s.hidden
		}
		if in.CustomerID != "" {
			if err := u.checkCustomer(meta.ApplicationID, in.CustomerID); err != nil {
				return err
			}
		}
		events, err := s.bundle.Book(s.offer, booking.Request{BookingID: id, CustomerID: in.CustomerID, Participant: in.Participant,
			Answers: in.Answers, ByStaff: in.ByStaff, Language: in.Language}, u.now)
		if err != nil {
			return err
		}
		if err := u.append(bundle.Stream(s.bundle.ID), s.bundle, events...); err != nil {
			return err
		}
		status = s.bundle.Bookings[id].Status
		return nil
	}}
	if in.CustomerID != "" && canonicalID(in.CustomerID) != "" {
		req.readAhead = []string{identity.UserStream(in.CustomerID)}
	}
	res, err := a.bundles.write(ctx, bundleContention(meta.ApplicationID, in.BundleID, in.Zone), req)
	if err != nil {
		return Booked{}, err
	}
	return Booked{Result: res, BookingID: id, Status: status}, nil
}

// bundleState is what a bundle's bookings are decided on: the bundle and its offer.
type bundleState struct {
	bundle *bundle.Bundle
	offer  booking.Offer
	// hidden is why the public offer does not show the bundle (a draft activity, an
	// organisation not approved): customers may not book it, staff may (decision 1333).
	hidden error
}

// bundleContention is a bundle's queue of bookings in an application (decision 1340).
// The zone is the application's, the same for every request of the queue.
func bundleContention(applicationID, id string, zone *time.Location) contention[*bundleState] {
	return contention[*bundleState]{
		key:    applicationID + "\x00" + id,
		lock:   id,
		stream: bundle.Stream(id),
		load: func(u *unit, readAhead []string) (*bundleState, error) {
			streams := readAhead
			if canonicalID(id) != "" {
				streams = append([]string{bundle.Stream(id)}, readAhead...)
			}
			if err := u.prefetch(streams...); err != nil {
				return nil, err
			}
			b, o, err := u.bundleOffer(id, zone)
			if err != nil {
				return nil, err
			}
			x := activity.New(b.ActivityID)
			if err := u.load(activity.Stream(b.ActivityID), x); err != nil {
				return nil, err
			}
			hidden, err := publicOfferRefusal(u.checkInPublicOffer(x))
			if err != nil {
				return nil, err
			}
			return &bundleState{bundle: b, offer: o, hidden: hidden}, nil
		},
	}
}

// onBundle loads a bundle with its offer and runs a decision on it, one at a time per
// bundle inside this process.
func (a *App) onBundle(ctx context.Context, meta Meta, id string, decide func(*unit, *bundle.Bundle, booking.Offer) error) (Result, error) {
	unlock := a.bookings.lock(id)
	defer unlock()
	return a.run.execute(ctx, meta, id, func(u *unit) error {
		b, o, err := u.bundleOffer(id, nil)
		if err != nil {
			return err
		}
		return decide(u, b, o)
	})
}

// CancelBundleBooking cancels a bundle booking; the spot goes to the first of the
// waiting list in the same append. customerID, when set, must be the booking's customer.
// Its order follows as a session's does (decision 0908): cancelled when not paid, else
// refunded the activity's cancellation term's percentage through the same refund.
func (a *App) CancelBundleBooking(ctx context.Context, meta Meta, bundleID, bookingID, customerID string) (Result, error) {
	var refundID string
	res, err := a.onBundle(ctx, meta, bundleID, func(u *unit, b *bundle.Bundle, o booking.Offer) error {
		x := b.Bookings[bookingID]
		if customerID != "" && (x == nil || x.CustomerID != customerID) {
			return &domain.NotFoundError{Kind: "booking", ID: bookingID}
		}
		events, err := b.Cancel(bookingID, o, customerID == "", u.now)
		if err != nil {
			return err
		}
		percent, err := u.bundleRefundPercent(b, o, x.Status)
		if err != nil {
			return err
		}
		if err := u.append(bundle.Stream(b.ID), b, events...); err != nil {
			return err
		}
		refundID, err = u.orderOnCancel(bookingID, percent)
		return err
	})
	if err == nil && refundID != "" { // a euro refund goes to the provider now (or by the process)
		_, err = a.afterRefund(ctx, res, order.ID(bookingID), refundID)
	}
	if err == nil {
		err = a.cancelAtProvider(ctx, order.ID(bookingID))
	}
	return res, err
}

// CheckInBundle marks a bundle participant present at one of the bundle's sessions
// (of the series seriesID), once per session.
func (a *App) CheckInBundle(ctx context.Context, meta Meta, bundleID string, session SessionRef, bookingID string) (CheckedIn, error) {
	var out CheckedIn
	res, err := a.onBundle(ctx, meta, bundleID, func(u *unit, b *bundle.Bundle, _ booking.Offer) error {
		events, err := b.CheckIn(meta.ApplicationID, bookingID, session.SeriesID, session.SessionID, u.now)
		if err != nil {
			return err
		}
		x := b.Bookings[bookingID]
		out.At, out.FirstName, out.LastName = u.now, x.Participant.FirstName, x.Participant.LastName
		return u.append(bundle.Stream(b.ID), b, events...)
	})
	out.Result = res
	return out, err
}

// BundlePromotion is what a participant promoted from a bundle's waiting list is told:
// the activity, the bundle and its start date (local, YYYY-MM-DD).
type BundlePromotion struct {
	BookingID    string
	ActivityName string
	BundleName   string
	StartDate    string
	Participant  booking.Participant
}

// NotifyBundlePromotion tells a participant promoted from a bundle's waiting list
// through tell (the mail port), then records that they were told (bundle.notified.v1),
// as NotifyPromotion does for a session: a crash between the two tells them again (at
// least once); a recorded notification never repeats.
func (a *App) NotifyBundlePromotion(ctx context.Context, applicationID, bundleID, bookingID string, tell func(BundlePromotion) error) (Result, error) {
	meta := Meta{ActorID: PromotionActor, ApplicationID: applicationID}
	return a.onBundle(ctx, meta, bundleID, func(u *unit, b *bundle.Bundle, _ booking.Offer) error {
		events := b.Notify(bookingID)
		if len(events) == 0 {
			return nil
		}
		x := activity.New(b.ActivityID)
		if err := u.load(activity.Stream(b.ActivityID), x); err != nil {
			return err
		}
		if err := tell(BundlePromotion{BookingID: bookingID, ActivityName: x.Details.Name, BundleName: b.Fields.Name,
			StartDate: b.Fields.StartDate, Participant: b.Bookings[bookingID].Participant}); err != nil {
			return err
		}
		return u.append(bundle.Stream(b.ID), b, events...)
	})
}
