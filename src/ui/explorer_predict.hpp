// "Predict, then reveal": with the prediction on, the explorer hides its answer (the verdict,
// the table's numbers, the intervals and their measures) until the student has said whether
// the pair overlaps or is separated and, for separated, which axis separates it; then it
// shows everything and scores the answer. While a question is open the test is traced with
// every axis (an early exit would give the answer away by where the table ends).
//
// Keys (when no text field has the keyboard): P prediction on / off, O overlap, S separated,
// [ and ] choose the axis, Enter "this axis", Q a new question. The panel and the step bar
// have the same buttons, so presentation mode (no panels) works the same.
#pragma once

#include "evaluation/pair_trace.hpp"

#include <string>

namespace satlab {

class Prediction {
 public:
  enum class Stage {
    Off,         // the explorer shows everything
    AskVerdict,  // overlap or separated?
    AskAxis,     // separated: which axis? (SAT traces only)
    Revealed,    // answered: everything shown, with the verdict on the answer
  };

  Stage stage() const { return stage_; }
  bool enabled() const { return stage_ != Stage::Off; }
  /// On: a fresh question. Off: everything shown; the score is kept.
  void setEnabled(bool on);
  /// Asks again about the focused pair (a new pair was focused, or the student asks).
  void newQuestion();
  /// True while a question is open: the explorer hides its answer.
  bool hidesAnswer() const { return stage_ == Stage::AskVerdict || stage_ == Stage::AskAxis; }

  /// The student says overlap (true) or separated. Separated in a SAT trace asks the axis;
  /// otherwise the answer is revealed and scored at once.
  void answerVerdict(bool overlap, const PairTrace& trace);
  /// The student names SAT row `row` of `trace` as the separating axis.
  void answerAxis(int row, const PairTrace& trace);

  int right() const { return right_; }
  int asked() const { return asked_; }
  void resetScore() { right_ = asked_ = 0; }
  /// A score kept from before (the student view's, from the settings): `right` of `asked`.
  void setScore(int right, int asked) {
    asked_ = asked > 0 ? asked : 0;
    right_ = right < 0 ? 0 : right > asked_ ? asked_ : right;
  }
  /// The last answer was right (meaningful once revealed).
  bool lastRight() const { return lastRight_; }
  /// What the reveal says: "Right: they overlap." / "Not quite: they are separated, by A1
  /// (you chose A0, on which they overlap)."; empty before an answer.
  const std::string& feedback() const { return feedback_; }

 private:
  void reveal(bool right, std::string feedback);

  Stage stage_ = Stage::Off;
  int right_ = 0, asked_ = 0;
  bool lastRight_ = false;
  std::string feedback_;
};

}  // namespace satlab
