package kernel

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	rmactivities "move/projections/activities"
	rmproducts "move/projections/products"
)

// activitiesUsingSports is the sport usage of the activities and products read models:
// the organisation's activities and products whose sport is one of sports.
type activitiesUsingSports struct{}

// SportUsage finds the activities of an organisation that use some sports. Unlinking
// such a sport is refused naming them.
type SportUsage interface {
	ActivitiesUsingSports(ctx context.Context, tx pgx.Tx, applicationID, organizationID string, sports []string) ([]ActivityRef, error)
}

// ActivityRef names an activity that blocks unlinking a sport.
type ActivityRef struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	SportID string `json:"sport_id"`
}

// ActivitiesUsingSports is the sport usage the organisation routes ask: the activities
// read model (activities.go).
var ActivitiesUsingSports SportUsage = activitiesUsingSports{}

// SportUsageReads are the read models the sport usage reads: a check that refuses by it
// waits for them to pass the caller's own writes (decision 1330) before it asks, so an
// activity the caller just gave a sport blocks unlinking it (decision 1880).
var SportUsageReads = []string{rmactivities.Name, rmproducts.Name}

func (activitiesUsingSports) ActivitiesUsingSports(ctx context.Context, tx pgx.Tx, applicationID, organizationID string, sports []string) ([]ActivityRef, error) {
	var ids []string
	for _, s := range sports {
		if id, err := uuid.Parse(s); err == nil {
			ids = append(ids, id.String())
		}
	}
	rows, err := tx.Query(ctx, `SELECT id::text, name, sport_id::text FROM (
		SELECT id, name, name_key, sport_id FROM readmodel.activities
		 WHERE application_id = $1 AND organization_id = $2 AND sport_id = ANY ($3::uuid[])
		UNION ALL
		SELECT id, name, name_key, sport_id FROM readmodel.products
		 WHERE application_id = $1 AND organization_id = $2 AND sport_id = ANY ($3::uuid[])) o
		ORDER BY name_key, id LIMIT 100`,
		applicationID, organizationID, ids)
	if err != nil {
		return nil, err
	}
	return Collect(rows, func(row pgx.Row) (ActivityRef, error) {
		var a ActivityRef
		return a, row.Scan(&a.ID, &a.Name, &a.SportID)
	})
}
