// Docs' Swift examples of a host, checked with this file's helpers by docs_check.py: what the
// examples call to draw, to ask for a review, to present release notes, to hand data over.
import Beckon

func show(_ title: String, _ message: String?, buttons: [String]) {}
func requestReview() {}
func present(_ entry: WhatsNewAnswer.Entry) {}

// BLOCK
