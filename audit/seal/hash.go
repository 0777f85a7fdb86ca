// Package seal makes the event log tamper-evident (decision 1400): a sealer follows the
// log in the order readers see it and seals it in blocks of a hash chain, and Verify
// recomputes the chain from the log and names the first event whose content, order or
// presence no longer matches what was sealed.
package seal

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"

	"move/eventstore"
)

// HashSize is the size of every hash: SHA-256.
const HashSize = sha256.Size

// Hash is a leaf, chain or block hash.
type Hash [HashSize]byte

// leafHasher hashes events one after another, reusing its buffers: verify hashes a
// million events, so an allocation per event shows.
type leafHasher struct {
	h   hash.Hash
	buf []byte
}

func newLeafHasher() *leafHasher { return &leafHasher{h: sha256.New()} }

// leaf is the hash of one event as the product reads it: its position in the log, id,
// stream, stream version, type, payload, every envelope field and the recorded time (to
// the microsecond Postgres keeps). Every variable-length field is length-prefixed, so
// no two different events encode alike.
func (l *leafHasher) leaf(e eventstore.RecordedEvent) Hash {
	b := l.buf[:0]
	b = binary.BigEndian.AppendUint64(b, e.Position.Commit)
	b = binary.BigEndian.AppendUint64(b, e.Position.Prepare)
	b = append(b, e.ID[:]...)
	b = appendField(b, []byte(e.Stream))
	b = binary.BigEndian.AppendUint64(b, e.Version)
	b = appendField(b, []byte(e.Type))
	b = appendField(b, e.Data)
	m := e.Metadata
	for _, f := range [...]string{m.ApplicationID, m.OrganizationID, m.ActorID, m.CorrelationID, m.CausationID, m.CommandID} {
		b = appendField(b, []byte(f))
	}
	b = binary.BigEndian.AppendUint64(b, uint64(e.RecordedAt.UnixMicro()))
	l.buf = b
	l.h.Reset()
	l.h.Write(b)
	var out Hash
	l.h.Sum(out[:0])
	return out
}

func appendField(b, f []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(f)))
	return append(b, f...)
}

// chain links a leaf to the chain before it: chain(i) = SHA-256(chain(i-1) ‖ leaf(i)),
// with 32 zero bytes before the first event. A block's hash is the chain after its last
// event, so it covers every event sealed before it too.
func chain(previous, leaf Hash) Hash {
	var b [2 * HashSize]byte
	copy(b[:], previous[:])
	copy(b[HashSize:], leaf[:])
	return sha256.Sum256(b[:])
}
