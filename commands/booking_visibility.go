package commands

import (
	"errors"

	"move/domain"
	"move/domain/activity"
)

// checkInPublicOffer refuses a customer's booking of what the public offer hides: an
// activity in concept (a draft) or one of an organisation not (or no longer) approved,
// with 409 and its reason, as product purchases are refused (decision 1003). Staff
// adding a participant by hand skip it (decision 1333).
func (u *unit) checkInPublicOffer(x *activity.Activity) error {
	if x.Details.Concept {
		return &domain.ConflictError{Key: "booking.draft"}
	}
	approved, err := u.organizationApproved(x.OrganizationID)
	if err != nil {
		return err
	}
	if !approved {
		return &domain.ConflictError{Key: "booking.organization_not_approved"}
	}
	return nil
}

// publicOfferRefusal splits checkInPublicOffer's answer: the refusal a customer gets
// (kept with a batch's state, decided per request), or an error that fails the batch.
func publicOfferRefusal(err error) (refusal, failed error) {
	var conflict *domain.ConflictError
	if errors.As(err, &conflict) {
		return err, nil
	}
	return nil, err
}
