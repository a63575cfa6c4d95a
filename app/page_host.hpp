// The app as the browser page sees it (web/web_page.cpp): what the page may ask of it
// between frames and what it reads back. The page includes this and nothing else of the
// app's own headers; the viewer implements it.
#pragma once

#include <string>
#include <vector>

namespace satlab {

class PageHost {
 public:
  virtual ~PageHost() = default;

  /// The app runs in the page: the File menu offers Copy link, has no Quit or recent files.
  virtual void setInBrowser(bool on) = 0;
  virtual bool presentation() const = 0;
  /// The page zoomed or moved to a screen of another density: the UI follows it.
  virtual void followContentScale() = 0;
  /// A file the page wrote into its file system (picked or dropped): opened or imported
  /// as a file dropped onto the window is.
  virtual void openDroppedFile(const std::string& path) = 0;
  /// The student view on or off; with openFirstLesson, lesson 1 opens when none is open.
  virtual void setStudentView(bool on, bool openFirstLesson) = 0;
  /// A built-in lesson, from 0.
  virtual void openLesson(int index) = 0;
  /// The start screen: a lesson picker over the default scene.
  virtual void showStartScreen(bool on) = 0;
  virtual void showMessage(const std::string& text) = 0;
  virtual void showToast(const std::string& text) = 0;
  /// True once after File > Copy link was chosen.
  virtual bool takeShareRequest() = 0;
  /// The scene as one self-contained file whose "lesson" block is the view's state; empty,
  /// with `error` set, when it cannot be written.
  virtual std::string shareSceneText(std::string& error) = 0;
  /// satlab.state(): the scene, the lesson, the focused pair's verdict and step, and where
  /// the explorer's step buttons are, as JSON (window pixels).
  virtual std::string pageState() = 0;
};

/// The files the app keeps between runs (the recovery file, the settings, the panel
/// layout), which the page keeps in the browser's storage between visits.
std::vector<std::string> filesKeptBetweenRuns();

}  // namespace satlab
