package product

import (
	"reflect"
	"slices"
	"strings"

	"move/domain"
	"move/domain/offer"
)

// Product is one product of an organisation.
type Product struct {
	ID             string
	ApplicationID  string
	OrganizationID string
	Exists         bool
	Deleted        bool
	Details        Details
	LocationID     *string
	Questions      []offer.Question
	LabelIDs       []string
	Purchases      map[string]*Purchase
}

// New is the product with id, before its events are applied.
func New(id string) *Product { return &Product{ID: id, Purchases: map[string]*Purchase{}} }

// Apply implements domain.Aggregate.
func (p *Product) Apply(e domain.Event) {
	switch e := e.(type) {
	case Created:
		p.Exists, p.ApplicationID, p.OrganizationID, p.Details = true, e.ApplicationID, e.OrganizationID, e.Details
	case Updated:
		p.Details = e.Details
	case LocationSet:
		p.LocationID = e.LocationID
	case QuestionsChanged:
		p.Questions = e.Questions
	case LabelsAssigned:
		p.LabelIDs = e.LabelIDs
	case Deleted:
		p.Deleted = true
	case PurchaseHeld:
		p.Purchases[e.PurchaseID] = &Purchase{ID: e.PurchaseID, CustomerID: e.CustomerID, Buyer: e.Buyer, Answers: e.Answers, Status: StatusHeld}
	case PurchaseConfirmed:
		if x := p.Purchases[e.PurchaseID]; x != nil {
			x.Status = StatusConfirmed
		}
	case PurchaseCancelled:
		if x := p.Purchases[e.PurchaseID]; x != nil {
			x.Status = StatusCancelled
		}
	}
}

// VisibleIn tells whether the product exists in the application.
func (p *Product) VisibleIn(applicationID string) bool {
	return p.Exists && !p.Deleted && p.ApplicationID == applicationID
}

func (p *Product) mustBeIn(applicationID string) error {
	if !p.VisibleIn(applicationID) {
		return &domain.NotFoundError{Kind: "product", ID: p.ID}
	}
	return nil
}

// Create decides a new product of an organisation.
func (p *Product) Create(applicationID, organizationID string, d Details) ([]domain.Event, error) {
	if p.Exists {
		return nil, &domain.ConflictError{Key: "product.exists"}
	}
	var v domain.ValidationError
	d = cleanDetails(d, &v)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	return []domain.Event{Created{ApplicationID: applicationID, OrganizationID: organizationID, Details: d}}, nil
}

// Update decides new details; unchanged ones decide nothing.
func (p *Product) Update(applicationID string, d Details) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	d = cleanDetails(d, &v)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(d, p.Details) {
		return nil, nil
	}
	return []domain.Event{Updated{Details: d}}, nil
}

// SetLocation decides where the product is picked up or used (nil: nowhere yet).
func (p *Product) SetLocation(applicationID string, locationID *string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	locationID = offer.Ref(&v, "location_id", locationID)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if offer.EqPtr(locationID, p.LocationID) {
		return nil, nil
	}
	return []domain.Event{LocationSet{LocationID: locationID}}, nil
}

// ChangeQuestions decides the product's extra questions, in order; newID names a
// question that has none yet.
func (p *Product) ChangeQuestions(applicationID string, qs []offer.Question, newID func() string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	out := offer.Questions(&v, "product", qs, newID)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(out, p.Questions) || (len(out) == 0 && len(p.Questions) == 0) {
		return nil, nil
	}
	return []domain.Event{QuestionsChanged{Questions: out}}, nil
}

// AssignLabels decides the product's labels.
func (p *Product) AssignLabels(applicationID string, labels []string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	var v domain.ValidationError
	labels = offer.Refs(&v, "label_ids", labels)
	if err := v.OrNil(); err != nil {
		return nil, err
	}
	if slices.Equal(labels, p.LabelIDs) {
		return nil, nil
	}
	return []domain.Event{LabelsAssigned{LabelIDs: labels}}, nil
}

// Delete decides the product's removal.
func (p *Product) Delete(applicationID string) ([]domain.Event, error) {
	if err := p.mustBeIn(applicationID); err != nil {
		return nil, err
	}
	return []domain.Event{Deleted{}}, nil
}

func cleanDetails(d Details, v *domain.ValidationError) Details {
	d.Name = offer.Name(v, "name", d.Name)
	if t := offer.Ref(v, "product_type_id", &d.ProductTypeID); t != nil {
		d.ProductTypeID = *t
	} else if strings.TrimSpace(d.ProductTypeID) == "" {
		v.Add("product_type_id", "product.type_required", nil)
	}
	d.Description = offer.Text(v, "description", d.Description)
	d.SportID = offer.Ref(v, "sport_id", d.SportID)
	d.RateID = offer.Ref(v, "rate_id", d.RateID)
	d.ImageID = offer.Ref(v, "image_id", d.ImageID)
	d.CategoryIDs = offer.Refs(v, "category_ids", d.CategoryIDs)
	d.TagIDs = offer.Refs(v, "tag_ids", d.TagIDs)
	offer.Common(v, &d.Gender, &d.Level, &d.PriceDisplayMode)
	d.PaymentURL = offer.PaymentURL(v, d.PaymentURL)
	if d.Spots != nil && (*d.Spots < 0 || *d.Spots > MaxSpots) {
		v.Add("spots", "product.spots", map[string]any{"max": MaxSpots})
	}
	offer.AgeRange(v, "product", d.AgeMin, d.AgeMax)
	if d.ShouldValidateAge && d.AgeMin == nil && d.AgeMax == nil {
		v.Add("should_validate_age", "product.age_check_without_range", nil)
	}
	d.Contacts = offer.Contacts(v, "product", d.Contacts)
	return d
}
