package commands

import (
	"context"
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/activity"
	"move/domain/booking"
	"move/domain/bundle"
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
		events, err := b.Create(meta.ApplicationID, x.OrganizationID, activityID, f)
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
		events, err := b.Change(meta.ApplicationID, f, o)
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
		events, err := s.Create(meta.ApplicationID, b.OrganizationID, b.ActivityID, zone, sc, "")
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
	// Zone is the application's time zone: the bundle starts at its start date's midnight there.
	Zone *time.Location
}

// BookBundle books a bundle: a spot while spots are left, else its waiting list when
// the activity has one. Decided at the bundle stream's version, a bundle is never
// over-used; the bookings of one bundle wait for each other inside this process
// (decision 0800's striped lock). The booking id derives from the command id.
func (a *App) BookBundle(ctx context.Context, meta Meta, in BundleBooking) (Booked, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("booking")).String()
	var status string
	unlock := a.bookings.lock(in.BundleID)
	res, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		b, o, err := u.bundleOffer(in.BundleID, in.Zone)
		if err != nil {
			return err
		}
		if !in.ByStaff {
			x := activity.New(b.ActivityID)
			if err := u.load(activity.Stream(b.ActivityID), x); err != nil {
				return err
			}
			if err := u.checkInPublicOffer(x); err != nil {
				return err
			}
		}
		if in.CustomerID != "" {
			if err := u.checkCustomer(meta.ApplicationID, in.CustomerID); err != nil {
				return err
			}
		}
		events, err := b.Book(o, booking.Request{BookingID: id, CustomerID: in.CustomerID, Participant: in.Participant,
			Answers: in.Answers, ByStaff: in.ByStaff}, u.now)
		if err != nil {
			return err
		}
		if err := u.append(bundle.Stream(b.ID), b, events...); err != nil {
			return err
		}
		status = b.Bookings[id].Status
		return nil
	})
	unlock()
	if err != nil || status != "" {
		return Booked{Result: res, BookingID: id, Status: status}, err
	}
	// A retried command: the booking as it stands, read under an id of its own (under
	// the retried command's, the bundle's stream would end the read at its events).
	read := meta
	read.CommandID = uuid.Nil
	_, err = a.onBundle(ctx, read, in.BundleID, func(_ *unit, b *bundle.Bundle, _ booking.Offer) error {
		if x := b.Bookings[id]; x != nil {
			status = x.Status
		}
		return nil
	})
	return Booked{Result: res, BookingID: id, Status: status}, err
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
