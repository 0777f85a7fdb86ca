package product

import (
	"errors"
	"testing"
	"time"

	"move/domain"
	"move/domain/booking"
	"move/domain/offer"
)

func buyer() booking.Participant {
	return booking.Participant{FirstName: "Ann", LastName: "Smit", Email: "ann@example.org", DateOfBirth: "2000-05-01"}
}

// now is the purchases' moment, on the requests' Today.
var now = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

func req(id string) PurchaseRequest {
	return PurchaseRequest{PurchaseID: id, CustomerID: "c-" + id, Buyer: buyer(), OrganizationApproved: true, Today: "2026-11-26"}
}

func apply(p *Product, ev []domain.Event) {
	for _, e := range ev {
		p.Apply(e)
	}
}

func conflictKey(err error) string {
	var c *domain.ConflictError
	if errors.As(err, &c) {
		return c.Key
	}
	return ""
}

func TestBuyFreeConfirmsAtOncePricedHolds(t *testing.T) {
	p := created(t)
	ev, err := p.Buy(app, req("a"), now)
	if err != nil || len(ev) != 2 {
		t.Fatalf("free: %v %v", ev, err)
	}
	apply(p, ev)
	if p.Purchases["a"].Status != StatusConfirmed {
		t.Fatalf("free purchase %+v", p.Purchases["a"])
	}
	in := req("b")
	in.PaymentRequired = true
	ev, err = p.Buy(app, in, now)
	if err != nil || len(ev) != 1 {
		t.Fatalf("priced: %v %v", ev, err)
	}
	apply(p, ev)
	if x := p.Purchases["b"]; x.Status != StatusHeld || x.Buyer.FirstName != "Ann" {
		t.Fatalf("priced purchase %+v", x)
	}
	if h := ev[0].(PurchaseHeld); h.Subject != "purchase-b" || h.Quantity != 1 {
		t.Fatalf("held %+v", h)
	}
	if _, err := p.Buy(app, req("a"), now); conflictKey(err) != "purchase.exists" {
		t.Fatalf("same id again: %v", err)
	}
}

func TestBuyNeverOversells(t *testing.T) {
	p := created(t)
	p.Details.Spots = ptr(2)
	for _, id := range []string{"a", "b"} {
		in := req(id)
		in.PaymentRequired = true
		ev, err := p.Buy(app, in, now)
		if err != nil {
			t.Fatal(err)
		}
		apply(p, ev)
	}
	_, err := p.Buy(app, req("c"), now)
	if conflictKey(err) != "product.full" {
		t.Fatalf("third buyer: %v", err)
	}
	// a held spot whose payment failed is free again; a confirmed one stays taken
	ev, err := p.CancelPurchase("a", "payment_failed")
	if err != nil || len(ev) != 1 {
		t.Fatalf("cancel: %v %v", ev, err)
	}
	apply(p, ev)
	ev, _ = p.ConfirmPurchase("b")
	apply(p, ev)
	if ev, err := p.Buy(app, req("c"), now); err != nil {
		t.Fatalf("after release: %v", err)
	} else {
		apply(p, ev)
	}
	if _, err := p.Buy(app, req("d"), now); conflictKey(err) != "product.full" {
		t.Fatalf("full again: %v", err)
	}
	if ev, err := p.CancelPurchase("a", "x"); err != nil || ev != nil {
		t.Fatalf("cancel twice: %v %v", ev, err)
	}
	if _, err := p.CancelPurchase("b", "x"); conflictKey(err) != "purchase.confirmed" {
		t.Fatalf("cancel a confirmed one: %v", err)
	}
	if _, err := p.ConfirmPurchase("a"); conflictKey(err) != "purchase.cancelled" {
		t.Fatalf("confirm a cancelled one: %v", err)
	}
	if ev, err := p.ConfirmPurchase("b"); err != nil || ev != nil {
		t.Fatalf("confirm twice: %v %v", ev, err)
	}
	var nf *domain.NotFoundError
	if _, err := p.ConfirmPurchase("zz"); !errors.As(err, &nf) {
		t.Fatalf("unknown purchase: %v", err)
	}
	p.Details.Spots = ptr(0)
	if _, err := p.Buy(app, req("e"), now); conflictKey(err) != "product.full" {
		t.Fatalf("zero spots: %v", err)
	}
}

func TestBuyRefusals(t *testing.T) {
	p := created(t)
	p.Details.Draft = true
	if _, err := p.Buy(app, req("a"), now); conflictKey(err) != "product.draft" {
		t.Errorf("draft: %v", err)
	}
	p.Details.Draft = false
	in := req("a")
	in.OrganizationApproved = false
	if _, err := p.Buy(app, in, now); conflictKey(err) != "product.organization_not_approved" {
		t.Errorf("unapproved organisation: %v", err)
	}
	var nf *domain.NotFoundError
	if _, err := p.Buy("other-app", req("a"), now); !errors.As(err, &nf) {
		t.Errorf("another application's product: %v", err)
	}
	p.Apply(Deleted{})
	if _, err := p.Buy(app, req("a"), now); conflictKey(err) != "product.deleted" {
		t.Errorf("deleted: %v", err)
	}
}

func TestBuyChecksAgeAndQuestions(t *testing.T) {
	p := created(t)
	p.Details.ShouldValidateAge, p.Details.AgeMin, p.Details.AgeMax = true, ptr(18), ptr(30)
	p.Questions = []offer.Question{{ID: "q1", Title: "Size", Type: "single_select", Required: true, Options: []string{"S", "M"}}}
	in := req("a")
	in.Buyer.DateOfBirth = "2015-01-01"
	_, err := p.Buy(app, in, now)
	got := fields(err)
	if got["participant.date_of_birth"] != "booking.age_out_of_range" || len(got) != 2 {
		t.Fatalf("too young, no answer: %v", got)
	}
	in.Buyer.DateOfBirth = ""
	if got := fields(mustErr(p.Buy(app, in, now))); got["participant.date_of_birth"] != "booking.age_required" {
		t.Fatalf("no birth date: %v", got)
	}
	in = req("a")
	in.Answers = []booking.Answer{{QuestionID: "q1", Value: "XL"}}
	if got := fields(mustErr(p.Buy(app, in, now))); len(got) != 1 {
		t.Fatalf("an answer not among the options: %v", got)
	}
	in.Answers = []booking.Answer{{QuestionID: "q1", Value: "M"}}
	ev, err := p.Buy(app, in, now)
	if err != nil {
		t.Fatal(err)
	}
	if h := ev[0].(PurchaseHeld); len(h.Answers) != 1 || h.Answers[0].Value != "M" {
		t.Fatalf("answers %+v", h.Answers)
	}
}

func mustErr(_ []domain.Event, err error) error { return err }
