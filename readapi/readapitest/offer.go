package readapitest

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

// ActivityIn creates an activity of org in app with details, straight through the
// commands (the activity routes have their own tests).
func (w *offerWorld) ActivityIn(app, org string, d activity.Details) string {
	w.T.Helper()
	res, err := w.Env.App.CreateActivity(context.Background(), commands.Meta{ActorID: "test", ApplicationID: app}, org, activity.TypeSession, d, activity.Settings{})
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(res.Position)
	return res.ID
}

func Created(r Response) string { return Dig(r.Body, "data", "id").(string) }

// offerWorld: organisation A1 (with staff and a trainer) and A2 in application A, B1 in
// application B with its own staff.
type offerWorld struct {
	*WalletWorld
	OrgA2, OrgB string
	StaffB      string
}

func NewOfferWorld(t *testing.T) offerWorld {
	w := NewWalletWorld(t, identity.Limit{})
	o := offerWorld{WalletWorld: w, OrgA2: uuid.NewString(), OrgB: uuid.NewString()}
	w.organization(w.AppA, w.OrgA, "Club A1")
	w.organization(w.AppA, o.OrgA2, "Club A2")
	w.organization(w.AppB, o.OrgB, "Club B1")
	o.StaffB = w.User("Bo", "Staff", &domainidentity.Grant{Role: domainidentity.RoleOrganization, ApplicationID: w.AppB, OrganizationID: o.OrgB})
	w.Settle()
	return o
}

// PaidOrder appends a paid order of org in app for a past payout month, and a refund
// of refunded cents (0: none), as the orders context records them.
func (w offerWorld) PaidOrder(app, org, month string, total, refunded int64) {
	w.T.Helper()
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
		typ, payload, err := w.Env.Registry.Encode(e)
		if err != nil {
			w.T.Fatal(err)
		}
		data[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: payload, Metadata: eventstore.Metadata{ApplicationID: app, OrganizationID: org}}
	}
	res, err := w.Env.Store.Append(context.Background(), order.Stream(id), eventstore.NoStream, data...)
	if err != nil {
		w.T.Fatal(err)
	}
	w.Saw(res.Position)
}

// SuperadminCaller calls as a superadmin (the principal carries the platform role).
type SuperadminCaller struct{ *Caller }

func (w offerWorld) AsSuperadmin(user, app string) SuperadminCaller {
	return SuperadminCaller{w.As(user, app)}
}

func (k SuperadminCaller) En() SuperadminCaller { k.Caller.En(); return k }

func (k SuperadminCaller) Want(method, path string, body any, status int) Response {
	k.C.T.Helper()
	return k.Caller.Want(method, path, body, status, "Authorization", "Bearer superadmin:"+k.User)
}

func Amsterdam(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
