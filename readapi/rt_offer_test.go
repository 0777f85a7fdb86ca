package readapi_test

import (
	"context"
	"move/commands"
	"move/domain"
	"move/domain/activity"
	domainidentity "move/domain/identity"
	"move/domain/order"
	"move/eventstore"
	"move/identity"
	"testing"
	"time"

	"github.com/google/uuid"
)

// activityIn creates an activity of org in app with details, straight through the
// commands (the activity routes have their own tests).
func (w *offerWorld) activityIn(app, org string, d activity.Details) string {
	w.t.Helper()
	res, err := w.env.App.CreateActivity(context.Background(), commands.Meta{ActorID: "test", ApplicationID: app}, org, activity.TypeSession, d, activity.Settings{})
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(res.Position)
	return res.ID
}

func created(r response) string { return dig(r.Body, "data", "id").(string) }

// offerWorld: organisation A1 (with staff and a trainer) and A2 in application A, B1 in
// application B with its own staff.
type offerWorld struct {
	*walletWorld
	orgA2, orgB string
	staffB      string
}

func newOfferWorld(t *testing.T) offerWorld {
	w := newWalletWorld(t, identity.Limit{})
	o := offerWorld{walletWorld: w, orgA2: uuid.NewString(), orgB: uuid.NewString()}
	w.organization(w.appA, w.orgA, "Club A1")
	w.organization(w.appA, o.orgA2, "Club A2")
	w.organization(w.appB, o.orgB, "Club B1")
	o.staffB = w.user("Bo", "Staff", &domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: w.appB, OrganizationID: o.orgB})
	w.settle()
	return o
}

// paidOrder appends a paid order of org in app for a past payout month, and a refund
// of refunded cents (0: none), as the orders context records them.
func (w offerWorld) paidOrder(app, org, month string, total, refunded int64) {
	w.t.Helper()
	id := uuid.NewString()
	payment, refund := order.PaymentID(id, 1), uuid.NewString()
	events := []domain.Event{
		order.Placed{ApplicationID: app, OrganizationID: org, TotalCents: total, TransactionFeeCents: order.TransactionFee(order.PaymentEuros, total),
			PaymentType: order.PaymentEuros, PayoutMonth: month, PlacedAt: time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)},
		order.PaymentStarted{PaymentID: payment, Method: order.PaymentEuros, AmountCents: total},
		order.PaymentStatusChanged{PaymentID: payment, From: order.PaymentOpen, Status: order.PaymentPaid},
	}
	if refunded > 0 {
		events = append(events, order.RefundRequested{RefundID: refund, PaymentID: payment, Method: order.PaymentEuros, AmountCents: refunded, PayoutMonth: month},
			order.RefundStatusChanged{RefundID: refund, From: order.RefundPending, Status: order.RefundRefunded})
	}
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		typ, payload, err := w.env.Registry.Encode(e)
		if err != nil {
			w.t.Fatal(err)
		}
		data[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app, OrganizationID: org}}
	}
	res, err := w.env.Store.Append(context.Background(), order.Stream(id), eventstore.NoStream, data...)
	if err != nil {
		w.t.Fatal(err)
	}
	w.saw(res.Position)
}

// superadminCaller calls as a superadmin (the principal carries the platform role).
type superadminCaller struct{ *caller }

func (w offerWorld) asSuperadmin(user, app string) superadminCaller {
	return superadminCaller{w.as(user, app)}
}

func (k superadminCaller) en() superadminCaller { k.caller.en(); return k }

func (k superadminCaller) want(method, path string, body any, status int) response {
	k.c.t.Helper()
	return k.caller.want(method, path, body, status, "Authorization", "Bearer superadmin:"+k.user)
}

func amsterdam(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
