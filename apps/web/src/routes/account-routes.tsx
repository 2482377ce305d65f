import { lazy } from 'react';
import { Route } from 'react-router';
import { LoggedInOnly, LoggedOutOnly } from '../components/account/guards.tsx';
import { accountPaths, TAB_NAVIGATOR } from '../routes.ts';

const SignupScreen = lazy(() => import('../screens/account/SignupScreen.tsx'));
const ResetPasswordScreen = lazy(() => import('../screens/account/ResetPasswordScreen.tsx'));
const TermsScreen = lazy(() => import('../screens/account/TermsScreen.tsx'));
const LanguageSelectionScreen = lazy(() => import('../screens/account/LanguageSelectionScreen.tsx'));
const SecuritySettingScreen = lazy(() => import('../screens/account/SecuritySettingScreen.tsx'));
const ProfileScreen = lazy(() => import('../screens/account/ProfileScreen.tsx'));
const EditProfileScreen = lazy(() => import('../screens/account/EditProfileScreen.tsx'));

/**
 * Issue 4's routes. Sign-up and reset are for logged-out users; terms and language serve both (the
 * settings open the language screen with its header); security, profile and edit-profile need a login.
 */
export function accountRoutes() {
  return [
    <Route
      key="signup"
      path={accountPaths.signup}
      element={
        <LoggedOutOnly>
          <SignupScreen />
        </LoggedOutOnly>
      }
    />,
    <Route
      key="reset"
      path={accountPaths.resetPasswordRequest}
      element={
        <LoggedOutOnly>
          <ResetPasswordScreen />
        </LoggedOutOnly>
      }
    />,
    <Route key="terms" path={accountPaths.terms} element={<TermsScreen />} />,
    <Route key="language" path="/language-selection" element={<LanguageSelectionScreen />} />,
    <Route
      key="security"
      path={accountPaths.security}
      element={
        <LoggedInOnly>
          <SecuritySettingScreen />
        </LoggedInOnly>
      }
    />,
    <Route
      key="profile"
      path={accountPaths.profile}
      element={
        <LoggedInOnly>
          <ProfileScreen />
        </LoggedInOnly>
      }
    />,
    <Route
      key="edit-profile"
      path={`${TAB_NAVIGATOR}/edit-profile`}
      element={
        <LoggedInOnly>
          <EditProfileScreen />
        </LoggedInOnly>
      }
    />,
  ];
}
