package projections

import (
	"github.com/prometheus/client_golang/prometheus"

	"move/eventstore"
)

// Metrics are the projectors' Prometheus series; a nil *Metrics records nothing.
type Metrics struct {
	checkpoint    *prometheus.GaugeVec
	recorded      *prometheus.GaugeVec
	eventsApplied *prometheus.CounterVec
	failures      *prometheus.CounterVec
}

// NewMetrics registers the projector series on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		checkpoint: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "move_projection_checkpoint_position",
			Help: "Log position (row sequence) of the last event the projector passed."}, []string{"projector"}),
		recorded: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "move_projection_last_event_timestamp_seconds",
			Help: "Recorded time of the last event the projector applied; now minus this is its lag in time."}, []string{"projector"}),
		eventsApplied: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_projection_events_applied_total",
			Help: "Events passed on the live path (applied, or read and ignored in a delivery)."}, []string{"projector"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_projection_failures_total",
			Help: "Apply failures (the projector stops at the event until it succeeds)."}, []string{"projector"}),
	}
	reg.MustRegister(m.checkpoint, m.recorded, m.eventsApplied, m.failures)
	return m
}

// applied records a delivery of n events ending at last.
func (m *Metrics) applied(name string, last eventstore.RecordedEvent, n int) {
	if m == nil {
		return
	}
	m.checkpoint.WithLabelValues(name).Set(float64(last.Position.Prepare))
	m.recorded.WithLabelValues(name).Set(float64(last.RecordedAt.UnixMilli()) / 1000)
	m.eventsApplied.WithLabelValues(name).Add(float64(n))
}

func (m *Metrics) failed(name string) {
	if m == nil {
		return
	}
	m.failures.WithLabelValues(name).Inc()
}
