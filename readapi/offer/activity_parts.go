package offer

import (
	"encoding/json"
	"move/domain/activity"
	"move/readapi/kernel"
	"net/http"

	"github.com/jackc/pgx/v5"
)

type questionsBody struct {
	Questions []activity.Question `json:"questions"`
}

type labelsBody struct {
	LabelIDs []string `json:"label_ids"`
}

// activityPart reads one column of the activity (settings, questions, labels) for its sub-page.
func (s *Handlers) activityPart(r *http.Request, id, column string, into ...any) error {
	return s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT `+column+` FROM readmodel.activities WHERE application_id = $1 AND id = $2`, kernel.TenantFrom(r.Context()).ApplicationID, id).Scan(into...)
	})
}

func (s *Handlers) getActivitySettings(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	var st activity.Settings
	if err := s.activityPart(r, a.ID, `is_exclusive, has_waitlist, should_validate_age, no_signup_required`,
		&st.IsExclusive, &st.HasWaitlist, &st.ShouldValidateAge, &st.NoSignupRequired); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[activity.Settings]{Data: st})
	return nil
}

func (s *Handlers) putActivitySettings(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in activity.Settings
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ChangeActivitySettings(r.Context(), m, a.ID, in)
	return s.AnswerCommand(w, "change_activity_settings", http.StatusOK, res, err)
}

func (s *Handlers) getActivityQuestions(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	var raw []byte
	if err := s.activityPart(r, a.ID, `questions`, &raw); err != nil {
		return err
	}
	out := questionsBody{Questions: []activity.Question{}}
	if err := json.Unmarshal(raw, &out.Questions); err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[questionsBody]{Data: out})
	return nil
}

func (s *Handlers) putActivityQuestions(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermEditActivity)
	if err != nil {
		return err
	}
	var in questionsBody
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ChangeActivityQuestions(r.Context(), m, a.ID, in.Questions)
	return s.AnswerCommand(w, "change_activity_questions", http.StatusOK, res, err)
}

func (s *Handlers) getActivityLabels(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, kernel.PermViewActivities)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[labelsBody]{Data: labelsBody{LabelIDs: a.LabelIDs}})
	return nil
}

func (s *Handlers) putActivityLabels(w http.ResponseWriter, r *http.Request) error {
	a, err := s.activityInScope(r, PermAssignLabels)
	if err != nil {
		return err
	}
	var in labelsBody
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	if err := s.CheckAppRefs(r, kernel.AppRefs{Field: "label_ids", Table: kernel.LabelsTable, IDs: in.LabelIDs}); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.AssignActivityLabels(r.Context(), m, a.ID, in.LabelIDs)
	return s.AnswerCommand(w, "assign_activity_labels", http.StatusOK, res, err)
}
